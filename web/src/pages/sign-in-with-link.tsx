/** Placeholder until this screen lands (issue 14). */
export default function SignInWithLinkPage() {
  return <h1>SignInWithLink</h1>;
}
