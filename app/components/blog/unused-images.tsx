/** An image of a post that no other post shows (decision 030), as the delete confirmation lists it. */
export type UnusedImage = { key: string; src: string; alt: string; width: number; height: number };

/**
 * "Also delete N unused images" (ticked by default) and the images it means. Part of the delete
 * form: the keys go as one space-separated `images`, the box as `deleteImages`. Nothing is shown
 * without such images.
 */
export function UnusedImages({ images }: { images: readonly UnusedImage[] }) {
  if (images.length === 0) return null;
  const n = images.length;
  return (
    <fieldset className="mb-6 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <legend className="px-1 text-sm font-semibold">Images</legend>
      <input type="hidden" name="images" value={images.map((image) => image.key).join(" ")} />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="deleteImages" value="1" defaultChecked className="mt-0.5 size-4" />
        <span>
          Also delete {n} unused {n === 1 ? "image" : "images"}
          <span className="block text-xs text-slate-600 dark:text-slate-400">
            No other post shows {n === 1 ? "it" : "them"}. Untick to keep {n === 1 ? "it" : "them"} (links to{" "}
            {n === 1 ? "it" : "them"} keep working).
          </span>
        </span>
      </label>
      <ul className="mt-3 flex flex-wrap gap-2" data-testid="unused-images">
        {images.map((image) => (
          <li key={image.key}>
            <img
              src={image.src}
              alt={image.alt}
              title={image.alt}
              width={image.width}
              height={image.height}
              loading="lazy"
              className="h-14 w-20 rounded object-cover"
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
