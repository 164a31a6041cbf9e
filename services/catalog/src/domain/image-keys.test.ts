import { parseUploadKey, sniffImageType, uploadKey, variantKey } from './image-keys';

const uuid = '0b5e7c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b';

describe('upload keys', () => {
  it('scopes a key to the folder and the uploader', () => {
    const key = uploadKey('products', 'user_1', uuid, 'jpg');
    expect(key).toBe(`products/user_1/${uuid}.jpg`);
    expect(parseUploadKey(key)).toEqual({
      folder: 'products',
      userId: 'user_1',
      id: uuid,
      ext: 'jpg',
    });
  });

  it('does not take variants, other folders or path tricks for uploads', () => {
    expect(parseUploadKey(variantKey(`products/u/${uuid}.png`, 300))).toBeUndefined();
    expect(parseUploadKey(`avatars/u/${uuid}.png`)).toBeUndefined();
    expect(parseUploadKey(`products/../u/${uuid}.png`)).toBeUndefined();
    expect(parseUploadKey(`products/u/${uuid}.gif`)).toBeUndefined();
  });

  it('stores a variant next to its original', () => {
    expect(variantKey(`products/u/${uuid}.webp`, 600)).toBe(`products/u/${uuid}_w600.webp`);
  });

  it('stores a WebP copy of a PNG or JPEG beside the copy in the original format', () => {
    expect(variantKey(`products/u/${uuid}.png`, 300, 'webp')).toBe(`products/u/${uuid}_w300.webp`);
    expect(variantKey(`products/u/${uuid}.png`, 300)).toBe(`products/u/${uuid}_w300.png`);
  });
});

describe('sniffImageType', () => {
  it('recognises JPEG, PNG and WebP by their first bytes only', () => {
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toBe('image/png');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('<html>'))).toBeUndefined();
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeUndefined();
  });
});
