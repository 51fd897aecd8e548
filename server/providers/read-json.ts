/**
 * Reads a provider's JSON reply. A body that is not JSON fails with the provider's name and the HTTP
 * status only: JSON.parse's own message quotes the body, which may hold personal data, and adapters'
 * errors reach the logs.
 */
export async function readProviderJson<T>(response: Response, provider: string): Promise<T> {
  const text = await response.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`${provider} sent a reply that is not JSON (HTTP ${response.status})`);
  }
}
