import { prepareLocal } from "./lib.ts";

/** `npm run dev` first migrates and seeds the local D1 it shares with `npm start`. */
prepareLocal({ build: false });
