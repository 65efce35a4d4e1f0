import { Save } from "lucide-react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SubmitButton } from "./submit-button";

// renderToString, not static markup: the comments between text pieces are part of what a page sends.
const html = (node: React.ReactNode) => renderToString(node);

describe("SubmitButton", () => {
  it("is a plain submit button when nothing is pending (so always without JavaScript)", () => {
    expect(
      html(
        <SubmitButton className="btn-primary w-full" busy={false} whileBusy="Sending...">
          Email me a reset link
        </SubmitButton>,
      ),
    ).toBe('<button type="submit" class="btn-primary w-full">Email me a reset link</button>');
  });

  it("is disabled and says its pending words while its own submission is under way", () => {
    const markup = html(
      <SubmitButton className="btn-danger" busy whileBusy="Deleting...">
        Delete
      </SubmitButton>,
    );
    expect(markup).toBe('<button type="submit" class="btn-danger" disabled="">Deleting...</button>');
  });

  it("keeps its icon and posts its intent, as the hand-written buttons did", () => {
    for (const busy of [false, true]) {
      expect(
        html(
          <SubmitButton intent="save" className="btn-primary" busy={busy} whileBusy="Saving..." icon={Save}>
            Save
          </SubmitButton>,
        ),
      ).toBe(
        html(
          <button type="submit" name="intent" value="save" className="btn-primary" disabled={busy}>
            <Save aria-hidden className="size-4" /> {busy ? "Saving..." : "Save"}
          </button>,
        ),
      );
    }
  });

  it("stays disabled for the page's own reason when not busy", () => {
    const markup = html(
      <SubmitButton className="btn-primary" busy={false} whileBusy="Saving..." disabled>
        Create Post
      </SubmitButton>,
    );
    expect(markup).toBe('<button type="submit" class="btn-primary" disabled="">Create Post</button>');
  });
});
