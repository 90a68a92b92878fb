// The same text as static.html, drawn by React 19 once one request has answered: the least a
// member's screen costs (every one shows what the server said).
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root) {
  const answer = (await (await fetch('/answer.json', { method: 'POST' })).json()) as { title: string; text: string };
  createRoot(root).render(h('main', null, h('h1', null, answer.title), h('p', null, answer.text)));
}
