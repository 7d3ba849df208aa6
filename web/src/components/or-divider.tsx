export function OrDivider() {
  return (
    <div className="or-divider">
      <span>OR</span>
    </div>
  );
}
