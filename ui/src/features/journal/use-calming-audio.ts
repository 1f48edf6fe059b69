import { useCallback, useEffect, useRef, useState } from 'react';

export const CALMING_VOLUME = 0.5;

/**
 * A looping background sound. The element is created on first use, so nothing is
 * downloaded until the user asks for it. If the browser refuses to play, the toggle
 * switches itself off.
 */
export function useCalmingAudio(src: string) {
  const [isPlaying, setPlaying] = useState(false);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const attemptRef = useRef(0);

  useEffect(
    () => () => {
      attemptRef.current += 1;
      audioRef.current?.pause();
      audioRef.current = null;
    },
    [],
  );

  const toggle = useCallback(() => {
    if (isPlaying) {
      attemptRef.current += 1;
      audioRef.current?.pause();
      setPlaying(false);
      return;
    }
    let audio = audioRef.current;
    if (!audio) {
      audio = new Audio(src);
      audio.loop = true;
      audioRef.current = audio;
    }
    audio.volume = CALMING_VOLUME;
    const attempt = ++attemptRef.current;
    setPlaying(true);
    const fail = () => {
      if (attemptRef.current === attempt) setPlaying(false);
    };
    try {
      const played = audio.play();
      if (played) played.catch(fail);
    } catch {
      fail();
    }
  }, [isPlaying, src]);

  return { isPlaying, toggle };
}
