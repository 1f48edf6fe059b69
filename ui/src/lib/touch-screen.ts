import { useState } from 'react';

/**
 * Whether this device's main pointer is a finger (a phone or tablet): then there is no Shift key to press three
 * times and no arrow keys to read a chart with, and the screens say what a touch screen can do instead.
 */
export function isTouchScreen(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  return window.matchMedia('(pointer: coarse)').matches || window.matchMedia('(hover: none)').matches;
}

/** `isTouchScreen()`, read once when the screen first shows. */
export function useTouchScreen(): boolean {
  const [touch] = useState(isTouchScreen);
  return touch;
}
