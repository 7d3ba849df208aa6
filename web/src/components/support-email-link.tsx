/** The support address, written out as a link that opens a new e-mail to it. */
export function SupportEmailLink({ address }: { address: string }) {
  return <a href={`mailto:${address}`}>{address}</a>;
}
