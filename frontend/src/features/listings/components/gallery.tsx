import { useState } from 'react';
import fallbackImage from '../../../assets/logo-mark.svg';
import { imageAt, srcSetOf, type ListingImage } from '../../../lib/listing';

/** Main image (resized variants through srcset) with thumbnails to switch between images. */
export function Gallery({ images, title }: { images: ListingImage[]; title: string }) {
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      images.findIndex((i) => i.isDefault),
    ),
  );
  const [failed, setFailed] = useState<Set<string>>(new Set());
  const current = images[index];
  const broken = !current || failed.has(current.url);
  return (
    <div className="gallery">
      <div className="gallery__main">
        <img
          src={broken ? fallbackImage : (imageAt(current, 900) ?? fallbackImage)}
          srcSet={broken ? undefined : srcSetOf(current)}
          sizes="(max-width: 900px) 100vw, 560px"
          alt={title}
          width={900}
          height={675}
          className={broken ? 'gallery__img gallery__img--fallback' : 'gallery__img'}
          onError={() => current && setFailed((f) => new Set(f).add(current.url))}
        />
      </div>
      {images.length > 1 && (
        <ul className="gallery__thumbs">
          {images.map((img, i) => (
            <li key={img.url}>
              <button
                type="button"
                className={`gallery__thumb${i === index ? ' gallery__thumb--active' : ''}`}
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-current={i === index}
                onClick={() => setIndex(i)}
              >
                <img
                  src={failed.has(img.url) ? fallbackImage : (imageAt(img, 300) ?? fallbackImage)}
                  alt=""
                  width={72}
                  height={72}
                  loading="lazy"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
