/** Placeholder until this screen lands (issue 14). */
export default function SignInLinkPage() {
  return <h1>SignInLink</h1>;
}
