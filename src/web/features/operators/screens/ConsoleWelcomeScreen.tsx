/** Placeholder of the console skeleton (issue 27): the helper building this screen replaces it. */
export default function ConsoleWelcomeScreen() {
  return <h1>ConsoleWelcomeScreen</h1>;
}
