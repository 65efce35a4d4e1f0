import { ChevronDown } from "lucide-react";

export type FaqItem = { question: string; answer: string };

/**
 * An accordion of native <details> sharing one `name`: the browser keeps at most one open,
 * and clicking the open one closes it — with or without JavaScript.
 */
export function Faq({ name, items, firstOpen = false }: { name: string; items: FaqItem[]; firstOpen?: boolean }) {
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {items.map((item, index) => (
        <details key={item.question} name={name} open={firstOpen && index === 0} className="group" data-faq={name}>
          <summary className="flex items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left font-semibold text-slate-900 hover:text-brand-700 dark:text-white dark:hover:text-brand-200">
            <span>{item.question}</span>
            <ChevronDown
              aria-hidden
              className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 motion-reduce:transition-none dark:text-slate-400"
            />
          </summary>
          <p className="px-5 pb-5 text-pretty text-slate-600 dark:text-slate-300">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
