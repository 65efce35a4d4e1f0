import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { installBotCheck } from "./lib/bot-check.client";
import { holdTypedValues } from "./lib/typed-before-hydration";

// React Router's default client entry, plus one line: what was typed or auto-filled before the
// scripts started is noted now and put back once the document has hydrated (decision 047).
holdTypedValues();
// The bot check's invisible half: public forms carry a solved challenge (decision 080).
installBotCheck();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
