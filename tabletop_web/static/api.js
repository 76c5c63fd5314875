// What every page shares: JSON requests that turn a refusal into an Error with its reason.

export async function request(method, url, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["content-type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(url, options);
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const reason = data && data.error ? data.error : `the server answered ${response.status}`;
    const error = new Error(reason);
    error.status = response.status;
    throw error;
  }
  return data;
}

export function element(tag, attributes = {}, text = "") {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
}

// An SVG picture put into a container so that its parts can be clicked: the picture scales
// to the container (the viewBox keeps its shape).
export function showSvg(container, svg) {
  container.innerHTML = svg;
  const picture = container.querySelector("svg");
  if (picture) {
    picture.removeAttribute("width");
    picture.removeAttribute("height");
    picture.setAttribute("role", "img");
  }
  return picture;
}
