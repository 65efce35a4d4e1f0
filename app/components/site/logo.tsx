import { BRAND } from "~/lib/brand";

export function LogoMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" className="fill-brand-600 dark:fill-brand-500" />
      <path
        d="M8 10h10a4 4 0 0 1 0 8h-4a4 4 0 0 0 0 8h10"
        fill="none"
        stroke="white"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
      <circle cx="8" cy="10" r="2.2" fill="white" />
      <circle cx="24" cy="26" r="2.2" className="fill-accent-400" />
    </svg>
  );
}

export function Logo() {
  return (
    <span className="flex items-center gap-2 text-lg font-bold tracking-tight">
      <LogoMark />
      <span>{BRAND.name}</span>
    </span>
  );
}
