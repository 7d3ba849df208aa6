export default function SubscribePage() {
  return (
    <main>
      <h1>Complete Your Subscription</h1>
    </main>
  );
}
