import type { LucideIcon } from "lucide-react";
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { useNavigation } from "react-router";

type SubmitButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "children"> & {
  /** Whether this button's own submission is under way (the page reads it from its navigation). */
  busy: boolean;
  /** What it says while busy ("Saving...") instead of its children. */
  whileBusy: string;
  /** What it posts as the form's `intent`, where the form has more than one. */
  intent?: string;
  /** An icon before its words, kept while busy. */
  icon?: LucideIcon;
  /** What it says when not busy. */
  children: ReactNode;
};

/**
 * A form's submit button that, while its own submission is under way, is disabled and says so
 * ("Saving..."), so a second click cannot post twice. Without JavaScript nothing is ever pending
 * (the navigation stays idle), so it is a plain submit button. Which submission counts as its own
 * (an intent, a row, through the redirect or not) is the page's to say: `busy`.
 */
export function SubmitButton(props: SubmitButtonProps) {
  const { busy, whileBusy, intent, icon: Icon, children, disabled, ...button } = props;
  const label = busy ? whileBusy : children;
  return (
    <button type="submit" name={intent ? "intent" : undefined} value={intent} {...button} disabled={busy || disabled}>
      {Icon ? (
        <>
          <Icon aria-hidden className="size-4" /> {label}
        </>
      ) : (
        label
      )}
    </button>
  );
}

/**
 * Whether a POST of this page is under way, until the page it leads to has loaded: a sign-in
 * step's button stays busy through the redirect, so it cannot post twice.
 */
export function usePostPending() {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod === "POST";
}

/**
 * While a form of this page is being submitted (not yet answered), the value it posts for `name`
 * (its "intent", the id of its row); otherwise null. A page compares it to tell which button is busy.
 */
export function useSubmittingValue(name: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" ? navigation.formData?.get(name) : null;
}
