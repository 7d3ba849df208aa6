/**
 * The one spelling under which an address is stored unique and looked up: `Ann@X.io` and `ann@x.io` are
 * one account. Folded here rather than by Postgres' `lower()`, whose result depends on the database's
 * locale (it turns `İ` into `i` where JavaScript gives `i̇`), so every lookup and the unique index agree
 * by construction. NFC first, so a precomposed `é` and `e` + combining accent are one address; final
 * sigma last, because `toLowerCase()` writes `Σ` as `ς` at the end of a word and as `σ` elsewhere.
 */
export function canonicalEmail(email: string): string {
  return email.trim().normalize("NFC").toLowerCase().replaceAll("ς", "σ");
}
