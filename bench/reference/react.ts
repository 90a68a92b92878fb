// The text of static.html drawn by React 19: at start (react.html), or once one request has
// answered (react.html?answer), as a member's screen is drawn from what the server said.
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';

interface Answer {
  title: string;
  text: string;
}

const root = document.getElementById('root');
const draw = ({ title, text }: Answer) => {
  if (root) createRoot(root).render(h('main', null, h('h1', null, title), h('p', null, text)));
};

if (new URLSearchParams(window.location.search).has('answer')) {
  draw((await (await fetch('/answer.json', { method: 'POST' })).json()) as Answer);
} else {
  draw({ title: 'Welcome back', text: 'The stars are right. Your club awaits.' });
}
