import { main } from '../main';

/** Starts the server without building the web app (tests, containers). `npm start` builds first. */
await main();
