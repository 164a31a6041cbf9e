import sharp from 'sharp';
import { visuals } from './ideas';

export interface RenderedImage {
  bytes: Buffer;
  contentType: 'image/png' | 'image/webp';
  ext: 'png' | 'webp';
}

const WIDTH = 800;
const HEIGHT = 600;
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Shapes centred on (0, 0), about 240 px across. */
const shapes: Record<string, string> = {
  circle: '<circle r="120"/>',
  ring: '<circle r="110" fill="none" stroke-width="34"/>',
  rect: '<rect x="-150" y="-100" width="300" height="200" rx="24"/>',
  diamond: '<polygon points="0,-140 120,0 0,140 -120,0"/>',
  triangle: '<polygon points="0,-130 140,110 -140,110"/>',
  hexagon: '<polygon points="-65,-113 65,-113 130,0 65,113 -65,113 -130,0"/>',
  star: '<polygon points="0,-135 32,-42 128,-42 50,16 80,110 0,52 -80,110 -50,16 -128,-42 -32,-42"/>',
  house: '<polygon points="0,-130 135,-20 100,-20 100,110 -100,110 -100,-20 -135,-20"/>',
  book: '<rect x="-125" y="-110" width="115" height="220" rx="10"/><rect x="10" y="-110" width="115" height="220" rx="10"/>',
  leaf: '<path d="M0,-135 C110,-80 110,80 0,135 C-110,80 -110,-80 0,-135 Z"/>',
};
const shapeNames = Object.keys(shapes);

/** Splits a caption into at most two lines of about `width` characters. */
function wrap(text: string, width: number): string[] {
  const words = text.split(/\s+/);
  const lines: string[] = [''];
  for (const w of words) {
    const last = lines[lines.length - 1]!;
    if (last && (last + ' ' + w).length > width) {
      if (lines.length === 2) {
        lines[1] = `${last}…`;
        break;
      }
      lines.push(w);
    } else {
      lines[lines.length - 1] = last ? `${last} ${w}` : w;
    }
  }
  return lines;
}

/**
 * One photo of a listing: the category's gradient (turned a little per photo), a translucent
 * shape and the caption. The cover is PNG; the other photos are WebP.
 */
export async function renderListingImage(
  catId: string,
  caption: string,
  subtitle: string,
  index: number,
): Promise<RenderedImage> {
  const v = visuals[catId] ?? { from: '#4b6cb7', to: '#182848', shape: 'circle' };
  const shape =
    index === 0
      ? v.shape
      : shapeNames[(shapeNames.indexOf(v.shape) + index * 3) % shapeNames.length]!;
  const angle = [
    [0, 0, 1, 1],
    [1, 0, 0, 1],
    [0, 1, 1, 0],
  ][index % 3]!;
  const [cx, cy] = [
    [400, 230],
    [250, 250],
    [560, 240],
  ][index % 3]!;
  const lines = wrap(caption, 24);
  const text = lines
    .map(
      (l, i) =>
        `<text x="400" y="${452 + i * 50}" font-size="42" font-weight="700">${escapeXml(l)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="g" x1="${angle[0]}" y1="${angle[1]}" x2="${angle[2]}" y2="${angle[3]}">
    <stop offset="0" stop-color="${v.from}"/><stop offset="1" stop-color="${v.to}"/>
  </linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
  <circle cx="${WIDTH - 90}" cy="80" r="160" fill="#fff" fill-opacity="0.07"/>
  <rect y="390" width="${WIDTH}" height="${HEIGHT - 390}" fill="#000" fill-opacity="0.16"/>
  <g transform="translate(${cx} ${cy})" fill="#fff" stroke="#fff" fill-opacity="0.33" stroke-opacity="0.45">${shapes[shape]}</g>
  <g fill="#fff" text-anchor="middle" font-family="${FONT}">
    ${text}
    <text x="400" y="${lines.length > 1 ? 560 : 510}" font-size="24" fill-opacity="0.8">${escapeXml(subtitle)}</text>
  </g>
</svg>`;
  const img = sharp(Buffer.from(svg));
  return index === 0
    ? {
        bytes: await img.png({ compressionLevel: 6 }).toBuffer(),
        contentType: 'image/png',
        ext: 'png',
      }
    : {
        bytes: await img.webp({ quality: 80, effort: 1 }).toBuffer(),
        contentType: 'image/webp',
        ext: 'webp',
      };
}

/** A profile picture: initials on a gradient. */
export async function renderAvatar(initials: string, seed: number): Promise<RenderedImage> {
  const palette = Object.values(visuals);
  const v = palette[seed % palette.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${v.from}"/><stop offset="1" stop-color="${v.to}"/>
  </linearGradient></defs>
  <rect width="400" height="400" fill="url(#g)"/>
  <text x="200" y="245" font-family="${FONT}" font-size="150" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initials)}</text>
</svg>`;
  return {
    bytes: await sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer(),
    contentType: 'image/png',
    ext: 'png',
  };
}
