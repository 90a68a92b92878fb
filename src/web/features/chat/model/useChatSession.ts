import { useEffect, useState, useSyncExternalStore } from 'react';
import { memberSocket } from '../../../lib/memberSocket';
import { getChatHistory } from '../api/chat';
import { ChatSession } from './session';
import type { ChatState } from './state';

/** The browser's chat session for as long as the chat screen is open, over the tab's member socket. */
export function useChatSession(): [ChatState, ChatSession] {
  const [session] = useState(
    () => new ChatSession({ socket: memberSocket(), history: getChatHistory, now: Date.now, random: Math.random }),
  );
  useEffect(() => {
    session.start();
    const visibility = () => session.view({ visible: document.visibilityState === 'visible' });
    document.addEventListener('visibilitychange', visibility);
    return () => {
      document.removeEventListener('visibilitychange', visibility);
      session.stop();
    };
  }, [session]);
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  return [state, session];
}
