import { useRef } from 'react';
import { errorMessage } from '../../../app/http';
import { ACCEPTED_IMAGE_TYPES, uploadImage } from '../../../app/uploads';

export const MAX_LISTING_IMAGES = 10;

export interface DraftImage {
  id: string;
  /** The stored image URL once uploaded. */
  url: string;
  preview: string;
  uploading: boolean;
  error?: string;
}

let nextId = 0;

/** Several images uploaded to presigned URLs, one chosen as cover, in an order the owner sets. */
export function ImageManager({
  userId,
  images,
  cover,
  onChange,
  onCoverChange,
}: {
  userId: string;
  images: DraftImage[];
  cover: string;
  onChange(update: (images: DraftImage[]) => DraftImage[]): void;
  onCoverChange(url: string): void;
}) {
  const input = useRef<HTMLInputElement>(null);

  const add = (files: FileList | null) => {
    if (!files) return;
    const room = MAX_LISTING_IMAGES - images.length;
    for (const file of Array.from(files).slice(0, Math.max(0, room))) {
      const id = `img-${++nextId}`;
      const preview = URL.createObjectURL(file);
      onChange((list) => [...list, { id, url: '', preview, uploading: true }]);
      uploadImage(file, 'products', userId)
        .then((url) => {
          onChange((list) => list.map((i) => (i.id === id ? { ...i, url, uploading: false } : i)));
        })
        .catch((err: unknown) => {
          onChange((list) =>
            list.map((i) =>
              i.id === id ? { ...i, uploading: false, error: errorMessage(err) } : i,
            ),
          );
        });
    }
    if (input.current) input.current.value = '';
  };

  const move = (index: number, by: -1 | 1) =>
    onChange((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });

  return (
    <fieldset className="image-manager">
      <legend className="field__label">Images</legend>
      <ul className="image-manager__list">
        {images.map((img, i) => (
          <li
            key={img.id}
            className={`image-tile${img.url && img.url === cover ? ' image-tile--cover' : ''}`}
          >
            <img src={img.preview || img.url} alt={`Image ${i + 1}`} width={120} height={90} />
            {img.uploading && <span className="image-tile__status">Uploading…</span>}
            {img.error && (
              <span className="image-tile__status image-tile__status--error">{img.error}</span>
            )}
            <label className="image-tile__cover">
              <input
                type="radio"
                name="cover"
                checked={Boolean(img.url) && img.url === cover}
                disabled={!img.url}
                onChange={() => onCoverChange(img.url)}
              />
              Cover
            </label>
            <div className="image-tile__actions">
              <button
                type="button"
                aria-label={`Move image ${i + 1} earlier`}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              >
                ←
              </button>
              <button
                type="button"
                aria-label={`Move image ${i + 1} later`}
                disabled={i === images.length - 1}
                onClick={() => move(i, 1)}
              >
                →
              </button>
              <button
                type="button"
                aria-label={`Remove image ${i + 1}`}
                onClick={() => onChange((list) => list.filter((x) => x.id !== img.id))}
              >
                ×
              </button>
            </div>
          </li>
        ))}
      </ul>
      {images.length < MAX_LISTING_IMAGES && (
        <label className="btn btn--secondary">
          Add images
          <input
            ref={input}
            type="file"
            multiple
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            className="visually-hidden"
            data-testid="listing-images"
            onChange={(e) => add(e.target.files)}
          />
        </label>
      )}
      <p className="hint">
        Up to {MAX_LISTING_IMAGES} JPEG, PNG or WebP images. Choose a cover; use the arrows to
        reorder.
      </p>
    </fieldset>
  );
}
