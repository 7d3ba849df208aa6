import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import type { CurrentUser } from "../lib/current-user.ts";
import { useSignOut } from "../lib/sign-out.ts";
import { Spinner } from "./spinner.tsx";
import { useToast } from "./toast.tsx";
import "./account-menu.css";

/** The menu's places, before Sign out. */
const PLACES = [
  { href: "/dashboard", label: "Dashboard" },
  { href: "/settings", label: "Settings" },
] as const;

/** Which item takes the focus when the menu opens: the first, the last, or none (a pointer opened it). */
type OpenFocus = "first" | "last" | null;

/**
 * The signed-in reader's account in the header: a menu button (the WAI-ARIA menu pattern) with
 * Dashboard, Settings and Sign out. The keyboard opens it on Enter, Space or the arrow keys and moves
 * through it with the arrows, Home, End or an item's first letter; Escape closes it and gives the focus
 * back to the button; Tab, a click elsewhere or choosing an item closes it.
 */
export function AccountMenu({ user }: { user: CurrentUser }) {
  const baseId = useId();
  const buttonId = `${baseId}-button`;
  const menuId = `${baseId}-menu`;
  const [open, setOpen] = useState(false);
  const [openFocus, setOpenFocus] = useState<OpenFocus>(null);
  const [signingOut, setSigningOut] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLElement | null)[]>([]);
  const [location] = useLocation();
  const signOut = useSignOut();
  const toast = useToast();

  const itemList = () => items.current.filter((item): item is HTMLElement => item !== null);

  const show = (focus: OpenFocus) => {
    setOpenFocus(focus);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  // The item asked for takes the focus once the menu is in the page.
  useEffect(() => {
    if (!open || openFocus === null) return;
    const list = items.current.filter((item) => item !== null);
    (openFocus === "first" ? list[0] : list[list.length - 1])?.focus();
  }, [open, openFocus]);

  // A press anywhere outside closes it, leaving the focus where that press put it.
  useEffect(() => {
    if (!open) return;
    const pressed = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", pressed);
    return () => document.removeEventListener("pointerdown", pressed);
  }, [open]);

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      show(event.key === "ArrowDown" ? "first" : "last");
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const list = itemList();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => {
      event.preventDefault();
      list[(index + list.length) % list.length]?.focus();
    };
    if (event.key === "ArrowDown") return focus(at + 1);
    if (event.key === "ArrowUp") return focus(at - 1);
    if (event.key === "Home") return focus(0);
    if (event.key === "End") return focus(list.length - 1);
    if (event.key === "Escape") {
      event.preventDefault();
      return close(true);
    }
    if (event.key === "Tab") return close(false);
    if (event.key.length === 1 && /\S/.test(event.key)) {
      const letter = event.key.toLowerCase();
      const next = [...list.slice(at + 1), ...list.slice(0, at + 1)].find((item) =>
        item.textContent?.trim().toLowerCase().startsWith(letter),
      );
      if (next) focus(list.indexOf(next));
    }
  };

  const chooseSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } catch {
      toast({
        title: "Error signing out",
        description: "Something went wrong. Please try again.",
        variant: "error",
      });
      setSigningOut(false);
      return;
    }
    toast({ title: "Signed out", description: "You have been signed out.", variant: "success" });
  };

  const initial = (user.fullName?.trim() || user.email).charAt(0).toUpperCase();
  const itemRef = (index: number) => (element: HTMLElement | null) => {
    items.current[index] = element;
  };

  return (
    <div className="account-menu" ref={root}>
      <button
        ref={button}
        id={buttonId}
        type="button"
        className="button button-secondary account-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : show("first"))}
        onKeyDown={onButtonKey}
      >
        <span className="account-menu-avatar" aria-hidden="true">
          {initial}
        </span>
        Account
        <svg className="account-menu-chevron" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M4 6l4 4 4-4" />
        </svg>
      </button>
      {open ? (
        <div className="account-menu-popup">
          <p className="account-menu-who">
            Signed in as <span className="account-menu-email">{breakableEmail(user.email)}</span>
          </p>
          <div role="menu" id={menuId} aria-labelledby={buttonId} tabIndex={-1} onKeyDown={onMenuKey}>
            {PLACES.map(({ href, label }, index) => (
              <Link
                key={href}
                ref={itemRef(index)}
                href={href}
                role="menuitem"
                tabIndex={-1}
                className="account-menu-item"
                aria-current={location === href ? "page" : undefined}
                onClick={() => close(false)}
              >
                {label}
              </Link>
            ))}
            <hr className="account-menu-separator" />
            <button
              ref={itemRef(PLACES.length)}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="account-menu-item"
              aria-disabled={signingOut || undefined}
              onClick={signingOut ? undefined : chooseSignOut}
            >
              {signingOut ? (
                <>
                  <Spinner /> Signing out...
                </>
              ) : (
                "Sign out"
              )}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** The address with a line break allowed after its "@", so a long one wraps there first. */
function breakableEmail(email: string) {
  const at = email.lastIndexOf("@");
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
