import type { ReactElement } from 'react';
import { ROUND_STROKE, MITER_STROKE } from './icon-strokes';

/** Icons of the app's navigation, toolbars, actions and weather (icon-paths.tsx says how they are drawn). */
export const APP_ICON_PATHS = {
  add: (
    <>
      <path d="M256 112v288M400 256H112" {...ROUND_STROKE} />
    </>
  ),
  addCircleOutline: (
    <>
      <path
        d="M448 256c0-106-86-192-192-192S64 150 64 256s86 192 192 192 192-86 192-192Z"
        {...MITER_STROKE}
      />
      <path d="M256 176v160M336 256H176" {...ROUND_STROKE} />
    </>
  ),
  appsOutline: (
    <>
      <rect width="80" height="80" x="64" y="64" rx="40" ry="40" {...MITER_STROKE} />
      <rect width="80" height="80" x="216" y="64" rx="40" ry="40" {...MITER_STROKE} />
      <rect width="80" height="80" x="368" y="64" rx="40" ry="40" {...MITER_STROKE} />
      <rect width="80" height="80" x="64" y="216" rx="40" ry="40" {...MITER_STROKE} />
      <rect width="80" height="80" x="216" y="216" rx="40" ry="40" {...MITER_STROKE} />
      <rect width="80" height="80" x="368" y="216" rx="40" ry="40" {...MITER_STROKE} />
      <rect width="80" height="80" x="64" y="368" rx="40" ry="40" {...MITER_STROKE} />
      <rect width="80" height="80" x="216" y="368" rx="40" ry="40" {...MITER_STROKE} />
      <rect width="80" height="80" x="368" y="368" rx="40" ry="40" {...MITER_STROKE} />
    </>
  ),
  barChartOutline: (
    <>
      <path d="M32 32v432a16 16 0 0 0 16 16h432" {...ROUND_STROKE} />
      <rect width="80" height="192" x="96" y="224" rx="20" ry="20" {...ROUND_STROKE} />
      <rect width="80" height="240" x="240" y="176" rx="20" ry="20" {...ROUND_STROKE} />
      <rect width="80" height="304" x="383.64" y="112" rx="20" ry="20" {...ROUND_STROKE} />
    </>
  ),
  checkboxOutline: (
    <>
      <path d="M352 176 217.6 336 160 272" {...ROUND_STROKE} />
      <rect
        width="384"
        height="384"
        x="64"
        y="64"
        rx="48"
        ry="48"
        strokeLinejoin="round"
        fill="none"
        strokeWidth={32}
      />
    </>
  ),
  closeCircleOutline: (
    <>
      <path
        d="M448 256c0-106-86-192-192-192S64 150 64 256s86 192 192 192 192-86 192-192Z"
        {...MITER_STROKE}
      />
      <path d="M320 320 192 192M192 320l128-128" {...ROUND_STROKE} />
    </>
  ),
  homeOutline: (
    <>
      <path
        d="M80 212v236a16 16 0 0 0 16 16h96V328a24 24 0 0 1 24-24h80a24 24 0 0 1 24 24v136h96a16 16 0 0 0 16-16V212"
        {...ROUND_STROKE}
      />
      <path
        d="M480 256 266.89 52c-5-5.28-16.69-5.34-21.78 0L32 256M400 179V64h-48v69"
        {...ROUND_STROKE}
      />
    </>
  ),
  listOutline: (
    <>
      <path d="M160 144h288M160 256h288M160 368h288" {...ROUND_STROKE} />
      <circle cx="80" cy="144" r="16" {...ROUND_STROKE} />
      <circle cx="80" cy="256" r="16" {...ROUND_STROKE} />
      <circle cx="80" cy="368" r="16" {...ROUND_STROKE} />
    </>
  ),
  notifications: (
    <>
      <path d="M440.08 341.31c-1.66-2-3.29-4-4.89-5.93-22-26.61-35.31-42.67-35.31-118 0-39-9.33-71-27.72-95-13.56-17.73-31.89-31.18-56.05-41.12a3 3 0 0 1-.82-.67C306.6 51.49 282.82 32 256 32s-50.59 19.49-59.28 48.56a3.1 3.1 0 0 1-.81.65c-56.38 23.21-83.78 67.74-83.78 136.14 0 75.36-13.29 91.42-35.31 118-1.6 1.93-3.23 3.89-4.89 5.93a35.16 35.16 0 0 0-4.65 37.62c6.17 13 19.32 21.07 34.33 21.07H410.5c14.94 0 28-8.06 34.19-21a35.17 35.17 0 0 0-4.61-37.66M256 480a80.06 80.06 0 0 0 70.44-42.13 4 4 0 0 0-3.54-5.87H189.12a4 4 0 0 0-3.55 5.87A80.06 80.06 0 0 0 256 480" />
    </>
  ),
  optionsOutline: (
    <>
      <path
        d="M368 128h80M64 128h240M368 384h80M64 384h240M208 256h240M64 256h80"
        {...ROUND_STROKE}
      />
      <circle cx="336" cy="128" r="32" {...ROUND_STROKE} />
      <circle cx="176" cy="256" r="32" {...ROUND_STROKE} />
      <circle cx="336" cy="384" r="32" {...ROUND_STROKE} />
    </>
  ),
  partlySunnyOutline: (
    <>
      <path
        d="M90.61 306.85A16.07 16.07 0 0 0 104 293.6C116.09 220.17 169.63 176 232 176c57.93 0 96.62 37.75 112.2 77.74a15.84 15.84 0 0 0 12.2 9.87c50 8.15 91.6 41.54 91.6 99.59 0 59.4-48.6 100.8-108 100.8H106c-49.5 0-90-24.7-90-79.2 0-48.47 38.67-72.22 74.61-77.95Z"
        strokeLinejoin="round"
        fill="none"
        strokeWidth={32}
      />
      <path
        d="M384.8 271.4a80 80 0 1 0-123.55-92M464 208h32M336 48v32M222.86 94.86l22.63 22.63M449.14 94.86l-22.63 22.63"
        {...ROUND_STROKE}
      />
    </>
  ),
  settingsOutline: (
    <>
      <path
        d="M262.29 192.31a64 64 0 1 0 57.4 57.4 64.13 64.13 0 0 0-57.4-57.4M416.39 256a154 154 0 0 1-1.53 20.79l45.21 35.46a10.81 10.81 0 0 1 2.45 13.75l-42.77 74a10.81 10.81 0 0 1-13.14 4.59l-44.9-18.08a16.11 16.11 0 0 0-15.17 1.75A164.5 164.5 0 0 1 325 400.8a15.94 15.94 0 0 0-8.82 12.14l-6.73 47.89a11.08 11.08 0 0 1-10.68 9.17h-85.54a11.11 11.11 0 0 1-10.69-8.87l-6.72-47.82a16.07 16.07 0 0 0-9-12.22 155 155 0 0 1-21.46-12.57 16 16 0 0 0-15.11-1.71l-44.89 18.07a10.81 10.81 0 0 1-13.14-4.58l-42.77-74a10.8 10.8 0 0 1 2.45-13.75l38.21-30a16.05 16.05 0 0 0 6-14.08c-.36-4.17-.58-8.33-.58-12.5s.21-8.27.58-12.35a16 16 0 0 0-6.07-13.94l-38.19-30A10.81 10.81 0 0 1 49.48 186l42.77-74a10.81 10.81 0 0 1 13.14-4.59l44.9 18.08a16.11 16.11 0 0 0 15.17-1.75A164.5 164.5 0 0 1 187 111.2a15.94 15.94 0 0 0 8.82-12.14l6.73-47.89A11.08 11.08 0 0 1 213.23 42h85.54a11.11 11.11 0 0 1 10.69 8.87l6.72 47.82a16.07 16.07 0 0 0 9 12.22 155 155 0 0 1 21.46 12.57 16 16 0 0 0 15.11 1.71l44.89-18.07a10.81 10.81 0 0 1 13.14 4.58l42.77 74a10.8 10.8 0 0 1-2.45 13.75l-38.21 30a16.05 16.05 0 0 0-6.05 14.08c.33 4.14.55 8.3.55 12.47"
        {...ROUND_STROKE}
      />
    </>
  ),
} satisfies Record<string, ReactElement>;
