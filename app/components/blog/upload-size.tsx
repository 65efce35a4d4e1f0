import { type ChangeEvent, type FormEvent, useState } from "react";
import { imageTooLargeMessage, MAX_IMAGE_BYTES } from "~/domain/blog/images";

/**
 * With JavaScript, an image over the 5 MB limit is stopped in the browser (issue 30): the upload
 * form says so at its file field and nothing is sent, so the page — and whatever was typed in the
 * editor and not saved yet — stays. Without JavaScript the server answers the same words in the
 * editor (the body cap sends the upload back there).
 */
export function useUploadSizeCheck() {
  // undefined until a file is chosen: then the server's earlier word (if any) is replaced.
  const [error, setError] = useState<string | null | undefined>(undefined);
  const check = (input: HTMLInputElement | null) => {
    const file = input?.files?.[0];
    const message = file && file.size > MAX_IMAGE_BYTES ? imageTooLargeMessage(file.size) : null;
    input?.setCustomValidity(message ?? "");
    setError(message);
    return message;
  };
  return {
    error,
    onFileChange: (event: ChangeEvent<HTMLInputElement>) => check(event.currentTarget),
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      const input = event.currentTarget.elements.namedItem("file");
      if (check(input instanceof HTMLInputElement ? input : null)) {
        event.preventDefault();
        if (input instanceof HTMLInputElement) input.focus();
      }
    },
  };
}
