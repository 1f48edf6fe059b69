// The advocate's home data, shared by its panels: here, so that the panels need not import the page that
// holds them (advocate-home.tsx imports them).
/** `GET /api/advocate`: who the advocate is, their locked key, and the people paired with them. */
export type AdvocateHomeData = {
  name: string;
  public_key: string | null;
  wrapped_private_key: string | null;
  people: { id: string; known_as: string; since: string }[];
};
