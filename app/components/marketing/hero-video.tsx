import { Maximize, Minimize, Pause, Play, Volume2, VolumeX } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/** The video starts this long after the page is ready (spec §9). */
export const AUTOPLAY_DELAY = 1000; // ms
/** Shipped with the site; used when no hosted VIDEO_URL is configured. */
export const SAMPLE_VIDEO = "/media/flowlane-demo.mp4";

const controlClass =
  "inline-flex size-10 items-center justify-center rounded-full bg-slate-950/80 text-white transition-colors hover:bg-slate-950 focus-visible:outline-white";

/**
 * The promo video: autoplays muted about a second after load, with play/pause, mute and full
 * screen controls. Whenever it is not playing (load error, autoplay refused, paused, before it
 * starts, no JavaScript) the thumbnail shows with a play overlay; without JavaScript that
 * overlay is a link to the video file. While it plays, a Pause control replaces the overlay.
 */
export function HeroVideo({ src, title }: { src: string; title: string }) {
  const hydrated = useHydrated();
  const frameRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(true);
  const [failed, setFailed] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);

  const play = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.error) {
      setFailed(false);
      video.load();
    }
    video.muted = muted;
    // A refusal (autoplay policy) or a load error leaves the thumbnail in place.
    video.play().catch(() => setPlaying(false));
  }, [muted]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: autoplay is attempted once, after the first load
  useEffect(() => {
    if (!hydrated || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let timer = 0;
    const start = () => {
      timer = window.setTimeout(() => videoRef.current?.paused && play(), AUTOPLAY_DELAY);
    };
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      window.removeEventListener("load", start);
      window.clearTimeout(timer);
    };
  }, [hydrated]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === frameRef.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  const toggleMute = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !video.muted;
    setMuted(video.muted);
  };

  const toggleFullscreen = () => {
    const frame = frameRef.current;
    if (!frame) return;
    if (document.fullscreenElement) void document.exitFullscreen();
    else if (frame.requestFullscreen) void frame.requestFullscreen().catch(() => {});
    else (videoRef.current as HTMLVideoElement & { webkitEnterFullscreen?: () => void })?.webkitEnterFullscreen?.();
  };

  const state = playing ? "playing" : "thumbnail";
  return (
    <div
      ref={frameRef}
      data-testid="hero-video"
      data-state={state}
      data-failed={failed || undefined}
      className="group relative aspect-video overflow-hidden [&:fullscreen]:bg-slate-950 rounded-2xl bg-slate-100 shadow-2xl ring-1 shadow-brand-900/20 ring-slate-900/10 dark:bg-slate-900 dark:ring-white/10"
    >
      {hydrated ? (
        <video
          ref={videoRef}
          src={src}
          title={title}
          muted
          loop
          playsInline
          preload="none"
          aria-label={title}
          className="absolute inset-0 size-full object-contain"
          onPlaying={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onError={() => {
            setFailed(true);
            setPlaying(false);
          }}
        />
      ) : null}
      <div className={playing ? "hidden" : "absolute inset-0"} data-testid="hero-video-thumbnail">
        <picture>
          <source
            type="image/webp"
            srcSet="/media/hero-thumb-480.webp 480w, /media/hero-thumb-800.webp 800w, /media/hero-thumb-960.webp 960w"
            sizes="(min-width: 1024px) 560px, calc(100vw - 2rem)"
          />
          <img
            src="/media/hero-thumb.png"
            alt={`${title}: a quote approval workflow in the builder`}
            width={960}
            height={540}
            fetchPriority="high"
            decoding="async"
            className="size-full object-contain"
          />
        </picture>
        {hydrated ? (
          <button
            type="button"
            onClick={play}
            aria-label="Play video"
            className="absolute inset-0 flex items-center justify-center bg-slate-950/10 transition-colors hover:bg-slate-950/20 focus-visible:outline-offset-[-4px]"
          >
            <PlayBadge />
          </button>
        ) : (
          <a
            href={src}
            aria-label={`Play video: ${title}`}
            className="absolute inset-0 flex items-center justify-center bg-slate-950/10 hover:bg-slate-950/20"
          >
            <PlayBadge />
          </a>
        )}
      </div>
      {hydrated ? (
        <div className="absolute right-3 bottom-3 flex gap-2">
          {playing ? (
            <button
              type="button"
              className={controlClass}
              onClick={() => videoRef.current?.pause()}
              aria-label="Pause video"
            >
              <Pause aria-hidden className="size-5" />
            </button>
          ) : null}
          <button
            type="button"
            className={controlClass}
            onClick={toggleMute}
            aria-label={muted ? "Unmute video" : "Mute video"}
            aria-pressed={!muted}
          >
            {muted ? <VolumeX aria-hidden className="size-5" /> : <Volume2 aria-hidden className="size-5" />}
          </button>
          <button
            type="button"
            className={controlClass}
            onClick={toggleFullscreen}
            aria-label={fullscreen ? "Exit full screen" : "Full screen"}
          >
            {fullscreen ? <Minimize aria-hidden className="size-5" /> : <Maximize aria-hidden className="size-5" />}
          </button>
        </div>
      ) : null}
    </div>
  );
}

function PlayBadge() {
  return (
    <span className="flex size-16 items-center justify-center rounded-full bg-white/95 text-brand-700 shadow-xl ring-8 ring-white/30 transition-transform group-hover:scale-105 motion-reduce:transition-none">
      <Play aria-hidden className="ml-1 size-7 fill-current" />
    </span>
  );
}
