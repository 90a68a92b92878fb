/** Placeholder of the console skeleton (issue 27): the helper building this screen replaces it. */
export default function ConsoleSignInScreen() {
  return <h1>ConsoleSignInScreen</h1>;
}
