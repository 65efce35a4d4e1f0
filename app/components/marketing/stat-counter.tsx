import { useEffect, useRef, useState } from "react";

/** Counters run this long once this share of them is visible (spec §9). */
export const COUNTER_DURATION = 2000; // ms
export const COUNTER_VISIBLE_SHARE = 0.3;

const format = (value: number, decimals: number, suffix: string) => `${value.toFixed(decimals)}${suffix}`;

/**
 * A number that counts up from zero when it scrolls into view. The server renders the final
 * number, so without JavaScript — or with reduced motion — it shows at once. Screen readers
 * always get the final number.
 */
export function StatCounter({
  to,
  decimals = 0,
  suffix = "",
  still = false,
}: {
  to: number;
  decimals?: number;
  suffix?: string;
  /** Not a quantity (24/7 is a schedule: counting it up shows "10/7", "19/7"): shown as it is. */
  still?: boolean;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const [shown, setShown] = useState(to);

  useEffect(() => {
    const element = ref.current;
    if (still || !element || !("IntersectionObserver" in window)) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let frame = 0;
    setShown(0);
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        const start = performance.now();
        const tick = (now: number) => {
          const progress = Math.min(1, (now - start) / COUNTER_DURATION);
          setShown(to * (1 - (1 - progress) ** 3)); // ease-out cubic
          if (progress < 1) frame = requestAnimationFrame(tick);
        };
        frame = requestAnimationFrame(tick);
      },
      { threshold: COUNTER_VISIBLE_SHARE },
    );
    observer.observe(element.parentElement ?? element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [to, still]);

  const final = format(to, decimals, suffix);
  return (
    <>
      <span ref={ref} aria-hidden="true" data-final={final} className="tabular-nums">
        {format(shown, decimals, suffix)}
      </span>
      <span className="sr-only">{final}</span>
    </>
  );
}
