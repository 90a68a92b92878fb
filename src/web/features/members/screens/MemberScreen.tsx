/** Placeholder of the console skeleton (issue 27): the helper building this screen replaces it. */
export default function MemberScreen() {
  return <h1>MemberScreen</h1>;
}
