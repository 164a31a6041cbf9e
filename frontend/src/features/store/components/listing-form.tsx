import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../app/http';
import { useGetAddressesQuery, useGetCategoriesQuery } from '../../../app/member-api';
import { conditionLabel } from '../../../lib/format';
import type { Listing } from '../../../lib/listing';
import type { ListingInput } from '../store-api';
import { ChipInput } from './chip-input';
import { ImageManager, type DraftImage } from './image-manager';
import { FormError } from '../../../components/form-fields';

type Condition = NonNullable<ListingInput['condition']>;
const CONDITIONS: Condition[] = ['new', 'like-new', 'good', 'fair', 'poor'];

const fromListing = (l: Listing): DraftImage[] =>
  l.images.map((img, i) => ({
    id: `existing-${i}`,
    url: img.url,
    preview: img.variants[300] ?? img.url,
    uploading: false,
  }));

/** Create or edit a listing. `onSubmit` gets the SPEC §3 payload. */
export function ListingForm({
  userId,
  listing,
  onSubmit,
  onCancel,
  busy,
}: {
  userId: string;
  listing?: Listing;
  onSubmit(input: ListingInput): Promise<void>;
  onCancel(): void;
  busy: boolean;
}) {
  const { data: categories = [] } = useGetCategoriesQuery();
  const { data: addresses = [] } = useGetAddressesQuery();
  const [type, setType] = useState<'item' | 'service'>(listing?.type ?? 'item');
  const [title, setTitle] = useState(listing?.title ?? '');
  const [description, setDescription] = useState(listing?.description ?? '');
  const [category, setCategory] = useState(listing?.category ?? '');
  const [subCategory, setSubCategory] = useState(listing?.subCategory ?? '');
  const [condition, setCondition] = useState(listing?.condition ?? '');
  const [brand, setBrand] = useState(listing?.brand ?? '');
  const [color, setColor] = useState(listing?.color ?? '');
  const [weight, setWeight] = useState(listing?.weight !== undefined ? String(listing.weight) : '');
  const [tags, setTags] = useState<string[]>(listing?.tags ?? []);
  const [addressId, setAddressId] = useState(listing?.addressId ?? '');
  const [images, setImages] = useState<DraftImage[]>(listing ? fromListing(listing) : []);
  const [cover, setCover] = useState(listing?.cover?.url ?? '');
  const [error, setError] = useState('');

  const typeCategories = categories.filter((c) => c.type === type);
  const subcategories = categories.find((c) => c.name === category)?.subcategories ?? [];
  const chosenAddress = addressId || addresses.find((a) => a.isDefault)?.id || '';

  const submit = async (e: FormEvent, status?: ListingInput['status']) => {
    e.preventDefault();
    setError('');
    if (title.trim().length < 3) return setError('The title needs at least 3 characters.');
    if (!description.trim()) return setError('Please describe your listing.');
    if (!category) return setError('Please choose a category.');
    if (images.some((i) => i.uploading))
      return setError('Please wait until the images are uploaded.');
    const uploaded = images.filter((i) => i.url);
    const coverUrl = uploaded.some((i) => i.url === cover) ? cover : uploaded[0]?.url;
    try {
      await onSubmit({
        type,
        title: title.trim(),
        description: description.trim(),
        category,
        ...(subCategory ? { subCategory } : {}),
        ...(type === 'item' && condition ? { condition: condition as Condition } : {}),
        ...(brand.trim() ? { brand: brand.trim() } : {}),
        ...(color.trim() ? { color: color.trim() } : {}),
        ...(type === 'item' && weight.trim() ? { weight: Number(weight) } : {}),
        tags,
        images: uploaded.map((img, i) => ({
          image_url: img.url,
          is_default: img.url === coverUrl,
          display_order: i + 1,
        })),
        ...(chosenAddress ? { addressId: chosenAddress } : {}),
        ...(status ? { status } : {}),
      });
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <form
      className="panel form listing-form"
      onSubmit={(e) => void submit(e, listing ? undefined : 'published')}
      noValidate
    >
      <h2 className="panel__title">{listing ? 'Edit listing' : 'New listing'}</h2>
      <div className="segmented" role="radiogroup" aria-label="Listing type">
        {(['item', 'service'] as const).map((t) => (
          <label
            key={t}
            className={`segmented__option${type === t ? ' segmented__option--on' : ''}`}
          >
            <input
              type="radio"
              name="type"
              value={t}
              checked={type === t}
              onChange={() => {
                setType(t);
                setCategory('');
                setSubCategory('');
              }}
            />
            {t === 'item' ? 'Item' : 'Service'}
          </label>
        ))}
      </div>
      <label className="field">
        <span className="field__label">Title</span>
        <input value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <label className="field">
        <span className="field__label">Description</span>
        <textarea
          rows={5}
          maxLength={5000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      <div className="form-grid">
        <label className="field">
          <span className="field__label">Category</span>
          <select
            value={category}
            onChange={(e) => {
              setCategory(e.target.value);
              setSubCategory('');
            }}
          >
            <option value="">Choose a category</option>
            {typeCategories.map((c) => (
              <option key={c.id || c.name} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        {subcategories.length > 0 && (
          <label className="field">
            <span className="field__label">Subcategory</span>
            <select value={subCategory} onChange={(e) => setSubCategory(e.target.value)}>
              <option value="">None</option>
              {subcategories.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
        )}
        {type === 'item' && (
          <label className="field">
            <span className="field__label">Condition</span>
            <select value={condition} onChange={(e) => setCondition(e.target.value)}>
              <option value="">Not specified</option>
              {CONDITIONS.map((c) => (
                <option key={c} value={c}>
                  {conditionLabel(c)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="field">
          <span className="field__label">Brand (optional)</span>
          <input value={brand} maxLength={80} onChange={(e) => setBrand(e.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">Color (optional)</span>
          <input value={color} maxLength={40} onChange={(e) => setColor(e.target.value)} />
        </label>
        {type === 'item' && (
          <label className="field">
            <span className="field__label">Weight in lb (optional)</span>
            <input
              inputMode="decimal"
              value={weight}
              onChange={(e) => setWeight(e.target.value.replace(/[^\d.]/g, ''))}
            />
          </label>
        )}
        {addresses.length > 0 && (
          <label className="field">
            <span className="field__label">Location</span>
            <select value={chosenAddress} onChange={(e) => setAddressId(e.target.value)}>
              {addresses.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.city}, {a.state} {a.zipCode}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <ChipInput
        label="Tags"
        values={tags}
        onChange={setTags}
        placeholder="e.g. vintage, then Enter"
      />
      <ImageManager
        userId={userId}
        images={images}
        cover={cover}
        onChange={setImages}
        onCoverChange={setCover}
      />
      <FormError message={error} />
      <div className="form__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          Cancel
        </button>
        {!listing && (
          <button
            type="button"
            className="btn btn--secondary"
            disabled={busy}
            onClick={(e) => void submit(e, 'draft')}
          >
            Save as draft
          </button>
        )}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {listing ? 'Save changes' : 'Publish'}
        </button>
      </div>
    </form>
  );
}
