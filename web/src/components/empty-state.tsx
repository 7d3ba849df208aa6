import type { ReactNode } from "react";

/** What a list shows when it has nothing in it, optionally with the action that fills it. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title?: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="empty-state">
      {title ? <p className="empty-state-title">{title}</p> : null}
      {children ? <div className="empty-state-text">{children}</div> : null}
      {action ? <div className="empty-state-action">{action}</div> : null}
    </div>
  );
}
