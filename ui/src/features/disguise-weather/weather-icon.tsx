import type { ReactNode } from 'react';
import type { WeatherIconCode } from './weather-types';

// Our own weather drawings (64x64). Decorative: the text next to each icon says the same thing.
const CLOUD = 'M20 48h27a10.5 10.5 0 0 0 1.2-20.9A14.5 14.5 0 0 0 20.4 25 11.5 11.5 0 0 0 20 48z';
const SMALL_CLOUD = 'M22 44h22a8.5 8.5 0 0 0 1-16.9A12 12 0 0 0 22.3 25 9.5 9.5 0 0 0 22 44z';

function Sun({ cx = 32, cy = 32, r = 11 }: { cx?: number; cy?: number; r?: number }) {
  const rays = [0, 45, 90, 135, 180, 225, 270, 315].map((deg) => {
    const a = (deg * Math.PI) / 180;
    const x1 = cx + Math.cos(a) * (r + 4);
    const y1 = cy + Math.sin(a) * (r + 4);
    const x2 = cx + Math.cos(a) * (r + 9);
    const y2 = cy + Math.sin(a) * (r + 9);
    return <line key={deg} x1={x1} y1={y1} x2={x2} y2={y2} stroke="#f5a623" strokeWidth="3" strokeLinecap="round" />;
  });
  return (
    <g>
      {rays}
      <circle cx={cx} cy={cy} r={r} fill="#ffc53d" stroke="#f5a623" strokeWidth="2" />
    </g>
  );
}

function Moon({ dx = 0, dy = 0 }: { dx?: number; dy?: number }) {
  return (
    <path
      transform={`translate(${dx} ${dy})`}
      d="M38 14a16 16 0 1 0 13 25A13 13 0 0 1 38 14z"
      fill="#f3e7b3"
      stroke="#d9c77c"
      strokeWidth="2"
    />
  );
}

function Cloud({ d = CLOUD, fill = '#eef2f7' }: { d?: string; fill?: string }) {
  return <path d={d} fill={fill} stroke="#9aa8ba" strokeWidth="2" strokeLinejoin="round" />;
}

function Drops({ long }: { long: boolean }) {
  const xs = [24, 33, 42];
  return (
    <g stroke="#3d8bfd" strokeWidth="3" strokeLinecap="round">
      {xs.map((x) => (
        <line key={x} x1={x} y1={long ? 52 : 53} x2={x - (long ? 3 : 1.5)} y2={long ? 61 : 57} />
      ))}
    </g>
  );
}

const DRAWINGS: Record<WeatherIconCode, ReactNode> = {
  'clear-day': <Sun />,
  'clear-night': <Moon dx={-4} dy={2} />,
  'partly-cloudy-day': (
    <>
      <Sun cx={24} cy={24} r={9} />
      <Cloud d={SMALL_CLOUD} />
    </>
  ),
  'partly-cloudy-night': (
    <>
      <Moon dx={-12} dy={-6} />
      <Cloud d={SMALL_CLOUD} />
    </>
  ),
  cloudy: (
    <>
      <Cloud d="M30 38h20a8 8 0 0 0 .8-15.9A11 11 0 0 0 30.2 20 8.5 8.5 0 0 0 30 38z" fill="#d5dce6" />
      <Cloud />
    </>
  ),
  fog: (
    <>
      <Cloud d="M20 40h27a10.5 10.5 0 0 0 1.2-20.9A14.5 14.5 0 0 0 20.4 17 11.5 11.5 0 0 0 20 40z" />
      <g stroke="#9aa8ba" strokeWidth="3" strokeLinecap="round">
        <line x1="12" y1="47" x2="52" y2="47" />
        <line x1="16" y1="54" x2="48" y2="54" />
      </g>
    </>
  ),
  drizzle: (
    <>
      <Cloud d="M20 44h27a10.5 10.5 0 0 0 1.2-20.9A14.5 14.5 0 0 0 20.4 21 11.5 11.5 0 0 0 20 44z" />
      <Drops long={false} />
    </>
  ),
  rain: (
    <>
      <Cloud d="M20 44h27a10.5 10.5 0 0 0 1.2-20.9A14.5 14.5 0 0 0 20.4 21 11.5 11.5 0 0 0 20 44z" fill="#dde3ec" />
      <Drops long />
    </>
  ),
  thunderstorm: (
    <>
      <Cloud d="M20 42h27a10.5 10.5 0 0 0 1.2-20.9A14.5 14.5 0 0 0 20.4 19 11.5 11.5 0 0 0 20 42z" fill="#c9d1dc" />
      <path d="M34 40l-7 12h6l-3 10 10-14h-6l4-8z" fill="#ffc53d" stroke="#e09b00" strokeWidth="1.5" strokeLinejoin="round" />
    </>
  ),
  snow: (
    <>
      <Cloud d="M20 42h27a10.5 10.5 0 0 0 1.2-20.9A14.5 14.5 0 0 0 20.4 19 11.5 11.5 0 0 0 20 42z" />
      <g fill="#7fb2f0">
        <circle cx="24" cy="51" r="2.6" />
        <circle cx="34" cy="55" r="2.6" />
        <circle cx="44" cy="51" r="2.6" />
        <circle cx="29" cy="60" r="2.2" />
        <circle cx="40" cy="60" r="2.2" />
      </g>
    </>
  ),
  wind: (
    <g fill="none" stroke="#7d8ea3" strokeWidth="3.5" strokeLinecap="round">
      <path d="M8 26h30a7 7 0 1 0-7-7" />
      <path d="M8 36h40a7 7 0 1 1-7 7" />
      <path d="M8 46h18" />
    </g>
  ),
};

export function normalizeIcon(code: string): WeatherIconCode {
  return code in DRAWINGS ? (code as WeatherIconCode) : 'cloudy';
}

export function WeatherIcon({ code, size = 64 }: { code: string; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      className="weather-icon"
      data-icon={normalizeIcon(code)}
    >
      {DRAWINGS[normalizeIcon(code)]}
    </svg>
  );
}
