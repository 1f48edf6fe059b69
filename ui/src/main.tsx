import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/styles/index.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main className="loading-screen">Loading application...</main>
  </StrictMode>,
);
