/** The collectibles queries' one key factory (apart from the calls: a member's page load names a key before the app runs). */
export const collectiblesKeys = {
  all: ['collectibles'] as const,
  inventory: () => [...collectiblesKeys.all, 'inventory'] as const,
  collection: (sCollectionID: string) => [...collectiblesKeys.all, 'collection', sCollectionID] as const,
  /** The collection page's pages of the member's items (getCollection iPage). */
  collectionPages: (sCollectionID: string) => [...collectiblesKeys.collection(sCollectionID), 'pages'] as const,
  /** The first `size` of the member's items of a collection (getCollection iPageSize): /home's Agents. */
  collectionFirst: (sCollectionID: string, size: number) =>
    [...collectiblesKeys.collection(sCollectionID), 'first', size] as const,
  item: (sItemID: string, shared: boolean) =>
    [...collectiblesKeys.all, 'item', shared ? 'public' : 'own', sItemID] as const,
  collections: () => [...collectiblesKeys.all, 'collections'] as const,
};
