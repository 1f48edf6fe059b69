import { Svg } from '../../components/icons';
import type { FeatureIcon } from './home-content';

const paths: Record<FeatureIcon, string> = {
  journal: 'M4 4h11a3 3 0 0 1 3 3v13H7a3 3 0 0 1-3-3V4zM8 8h6M8 12h6M18 20a2 2 0 0 0 2-2V7',
  shield: 'M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3zM9 12l2 2 4-4',
  support:
    'M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8L12 21l8.8-8.6a5.5 5.5 0 0 0 0-7.8z',
  mood: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8 14s1.5 2 4 2 4-2 4-2M9 9h.01M15 9h.01',
  voice: 'M9 3h6v11a3 3 0 0 1-6 0V3zM5 11a7 7 0 0 0 14 0M12 18v3',
  privacy: 'M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4',
};

export function HomeIcon({ name }: { name: FeatureIcon }) {
  return (
    <Svg size={28}>
      <path d={paths[name]} />
    </Svg>
  );
}
