/** A channel as the dashboard's lists show it: its round thumbnail, its name, and a line below. */
export function ChannelFace({
  title,
  thumbnailUrl,
  size,
  detail,
}: {
  title: string;
  thumbnailUrl: string;
  size: number;
  detail?: string | undefined;
}) {
  return (
    <>
      <img
        className="dashboard-channel-logo"
        src={thumbnailUrl}
        alt=""
        width={size}
        height={size}
        loading="lazy"
      />
      <span className="dashboard-channel-text">
        <span className="dashboard-channel-title">{title}</span>
        {detail ? <span className="muted">{detail}</span> : null}
      </span>
    </>
  );
}
