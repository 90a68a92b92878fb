import { useEffect, useState, useSyncExternalStore } from 'react';
import { retryDelay } from '../../../api/queryClient';
import { getAuthState, refreshSession } from '../../../lib/auth';
import { chatSocketUrl, getChatHistory } from '../api/chat';
import { ChatSession } from './session';
import type { ChatState } from './state';

/** The browser's chat session for as long as the chat screen is open; reconnects when the network returns. */
export function useChatSession(): [ChatState, ChatSession] {
  const [session] = useState(
    () =>
      new ChatSession({
        url: chatSocketUrl,
        token: () => getAuthState().token,
        openSocket: (url) => new WebSocket(url),
        history: getChatHistory,
        backoff: retryDelay,
        now: Date.now,
        random: Math.random,
        // Asks who the tab's token belongs to; a dead one signs the tab out (the guard goes to /login).
        checkSession: async () => (await refreshSession()).status === 'signedIn',
      }),
  );
  useEffect(() => {
    session.start();
    const online = () => session.reconnectNow();
    const visibility = () => session.view({ visible: document.visibilityState === 'visible' });
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visibility);
    return () => {
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visibility);
      session.stop();
    };
  }, [session]);
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  return [state, session];
}
