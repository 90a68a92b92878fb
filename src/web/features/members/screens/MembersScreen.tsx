/** Placeholder of the console skeleton (issue 27): the helper building this screen replaces it. */
export default function MembersScreen() {
  return <h1>MembersScreen</h1>;
}
