const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** Dollars as every price is shown (docs/product.md#prices): en-US, USD, two decimals — "$4.99". */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}
