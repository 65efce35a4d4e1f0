import { ArrowLeft } from "lucide-react";
import { href, Link } from "react-router";
import { mediaPath } from "~/domain/blog/renditions";

/** The way back from a post's page to the list of posts. */
export function BackToBlogList() {
  return (
    <Link
      to={href("/admin/dashboard/blog")}
      className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
    >
      <ArrowLeft aria-hidden className="size-4" /> Blog Management
    </Link>
  );
}

/** A stored image as a post's admin pages show it: its address, alt text and size. */
export function imageView(image: { key: string; alt: string; width: number; height: number }) {
  return { key: image.key, src: mediaPath(image.key), alt: image.alt, width: image.width, height: image.height };
}
