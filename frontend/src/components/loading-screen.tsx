import { useEffect, useState } from 'react';
import logo from '../assets/logo.svg';

/** SPEC §9: step every 400 ms over 6 segments; opacity starts at 1.2, drops 0.3 a step, floor 0.2. */
export const LOADING_SEGMENTS = 6;
export const LOADING_STEP_MS = 400;
const OPACITY_START = 1.2;
const OPACITY_DROP = 0.3;
const OPACITY_FLOOR = 0.2;

/** Opacity of a segment `behind` steps after the lit one (0 = lit now). */
export function segmentOpacity(behind: number): number {
  return Math.max(OPACITY_FLOOR, OPACITY_START - OPACITY_DROP * behind);
}

/** Points of the classic heart curve, scaled into a 100x100 box. */
function heartPoint(t: number): [number, number] {
  const x = 16 * Math.sin(t) ** 3;
  const y = 13 * Math.cos(t) - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t);
  return [50 + x * 2.7, 46 - y * 2.7];
}

/** Six arcs of the heart outline, each with a small gap so the segments read as pieces. */
const SEGMENT_PATHS: string[] = Array.from({ length: LOADING_SEGMENTS }, (_, i) => {
  const span = (2 * Math.PI) / LOADING_SEGMENTS;
  const gap = 0.12;
  const from = i * span + gap / 2;
  const to = (i + 1) * span - gap / 2;
  const steps = 18;
  const pts = Array.from({ length: steps + 1 }, (_, k) =>
    heartPoint(from + ((to - from) * k) / steps),
  );
  return pts.map(([x, y], k) => `${k === 0 ? 'M' : 'L'}${x.toFixed(2)} ${y.toFixed(2)}`).join(' ');
});

export function HeartLoader({ size = 120 }: { size?: number }) {
  const [step, setStep] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setStep((s) => (s + 1) % LOADING_SEGMENTS), LOADING_STEP_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <svg
      className="heart-loader"
      width={size}
      height={size}
      viewBox="0 0 100 100"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id="heart-loader-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#e2456a" />
          <stop offset="1" stopColor="#ff8a3d" />
        </linearGradient>
      </defs>
      {SEGMENT_PATHS.map((d, i) => (
        <path
          key={i}
          d={d}
          fill="none"
          stroke="url(#heart-loader-gradient)"
          strokeWidth={9}
          strokeLinecap="round"
          style={{
            opacity: segmentOpacity((step - i + LOADING_SEGMENTS) % LOADING_SEGMENTS),
            transition: 'opacity 1s ease',
          }}
        />
      ))}
    </svg>
  );
}

/** Full-screen loading: the animated heart with the logo below it. */
export function LoadingScreen({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <HeartLoader />
      <img className="loading-screen__logo" src={logo} alt="Swapbooth" width={188} height={48} />
      <span className="visually-hidden">{label}…</span>
    </div>
  );
}

/** In-page loading for a section. */
export function InlineLoading({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className="inline-loading" role="status">
      <HeartLoader size={40} />
      <span>{text}</span>
    </div>
  );
}
