export default function PreviewPage() {
  return (
    <main>
      <h1>Your Newsletter Preview</h1>
    </main>
  );
}
