export default function CheckoutPage() {
  return (
    <main>
      <h1>Checkout</h1>
    </main>
  );
}
