import { data } from "react-router";
import { getPost } from "~/domain/blog/posts.server";
import { POST_NOT_FOUND } from "~/domain/blog/schemas";
import { isAppError } from "~/lib/errors";

/** The post of an admin sub-page, or the route's 404 ("Blog post not found"). */
export async function loadPostOr404(id: string) {
  try {
    return await getPost(id);
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw data({ message: POST_NOT_FOUND }, { status: 404 });
    throw error;
  }
}
