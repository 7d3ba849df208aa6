/** Placeholder until this screen lands (issue 14). */
export default function PsPage() {
  return <h1>Ps</h1>;
}
