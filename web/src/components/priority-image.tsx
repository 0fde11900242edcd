import { useEffect, useState } from 'react';
import type { CSSProperties } from 'react';
import { preload } from 'react-dom';
import { browserGateEnv, waitForGroup } from '../lib/image-priority';
import type { ImagePriority } from '../lib/image-priority';

interface PriorityImageProps {
  src: string;
  /** Empty for a decorative image. */
  alt: string;
  /** The file's intrinsic size: the box keeps its aspect ratio before and after loading (no layout shift). */
  width: number;
  height: number;
  priority: ImagePriority;
  /** The page's largest first-screen image: preloaded from the head as soon as it is rendered. */
  lcp?: boolean;
  /** A narrower frame than the file's own ratio (e.g. "3 / 1"): the picture is cropped to it, centred. */
  crop?: string;
  className?: string;
  style?: CSSProperties;
}

const frame: CSSProperties = { position: 'relative', display: 'block', width: '100%', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' };
const fill: CSSProperties = { position: 'absolute', inset: 0, width: '100%', height: '100%', display: 'block' };

/**
 * An image of one of the loading groups (docs/product/constants.md#layout-and-images). Until its group is released (and until its
 * file has arrived) a neutral box of the same size stands in for it, read out by its alt text.
 */
export function PriorityImage({ src, alt, width, height, priority, lcp = false, crop, className, style }: PriorityImageProps) {
  const [released, setReleased] = useState(priority === 'high');
  const [loaded, setLoaded] = useState(false);
  if (lcp) preload(src, { as: 'image', fetchPriority: 'high' });
  useEffect(() => (priority === 'high' ? undefined : waitForGroup(priority, browserGateEnv, () => setReleased(true))), [priority]);

  const placeholder = !released || !loaded;
  return (
    <span
      className={className}
      style={{ ...frame, maxWidth: width, aspectRatio: crop ?? `${width} / ${height}`, background: placeholder ? 'var(--mantine-color-default-hover)' : undefined, ...style }}
      data-image-group={priority}
      data-loaded={loaded || undefined}
      {...(!released ? (alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true }) : {})}
    >
      {released ? (
        <img
          src={src}
          alt={alt}
          width={width}
          height={height}
          loading="eager"
          decoding="async"
          fetchPriority={priority === 'high' ? 'high' : priority === 'low' ? 'low' : 'auto'}
          data-image-priority={priority}
          onLoad={() => setLoaded(true)}
          // A missing file leaves the placeholder, not a broken-image icon.
          onError={() => setLoaded(false)}
          // The first screen's pictures show as they arrive; the others fade in over their placeholder.
          style={{ ...fill, objectFit: 'cover', ...(priority === 'high' ? {} : { opacity: loaded ? 1 : 0, transition: 'opacity 150ms ease-out' }) }}
        />
      ) : null}
    </span>
  );
}
