"""Decks: the built-in ones and those users bring as JSON or as a spreadsheet's CSV export."""

import re

import orjson
from flask import Response, current_app, json, request, url_for
from marshmallow import Schema, ValidationError, fields, validate

from api.http import current
from api.http.contract.blueprint import Blueprint
from api.http.contract.schemas import ProblemSchema
from api.http.limits.rate_limits import limited
from api.http.middleware.input_bounds import BODY_LIMITS, body_text, parsed_body
from api.http.offload import off_the_loop
from api.http.resources.games import LOCATION
from api.problems import Problem, not_json
from api.storage.deck_store import summary
from api.tables import tokens
from engine.decks import builtin_decks
from engine.decks.model import FALLBACK_LANGUAGE, LANGUAGES, DeckError
from engine.decks.parse import COLOURS, content_hash
from engine.decks.public import public_document
from engine.decks.store import builtin_document
from engine.decks.upload import CSV_COLUMNS, MAX_DECK_BYTES, csv_problems, deck_from_csv, user_deck

blp = Blueprint("decks", __name__, url_prefix="/v1/decks", description="Card decks to play and print.")
BODY_LIMITS["decks.upload_deck"] = MAX_DECK_BYTES
LEGACY_USER_ID = re.compile(r"^user-[0-9a-f]{12}$")


TextsSchema = Schema.from_dict(
    {
        lang: fields.String(required=lang == FALLBACK_LANGUAGE, metadata={"description": f"In {lang}."})
        for lang in LANGUAGES
    },
    name="Texts",
)
TextsSchema.__doc__ = "A text by language; English is always there."


class DeckCardSchema(Schema):
    """A card: its key (year, or group and position), its title in every language the deck has."""

    id = fields.String(required=True, metadata={"description": "Unique in the deck."})
    title = fields.Nested(TextsSchema, required=True, metadata={"description": "The event, by language."})
    theme = fields.String(metadata={"description": "A theme (colour of the frame), e.g. inventions."})
    year = fields.Integer(metadata={"description": "dated decks: the year (negative: BC)."})
    group = fields.String(metadata={"description": "ordinal decks: the id of the card's group."})
    position = fields.Integer(metadata={"description": "ordinal decks: its position in the group."})
    colour = fields.String(metadata={"enum": list(COLOURS), "description": "Chronology's colour, if any."})
    source = fields.String(metadata={"description": "Where the date comes from."})
    note = fields.String(metadata={"description": "A note on the date."})
    image = fields.String(metadata={"description": "A picture as a PNG or JPEG data URI."})


class DeckGroupSchema(Schema):
    id = fields.String(required=True, metadata={"description": "The group's id."})
    label = fields.Nested(TextsSchema, required=True, metadata={"description": "Its name, by language."})
    short = fields.Nested(TextsSchema, metadata={"description": "Its short name for card labels."})


class DeckUploadSchema(Schema):
    """A deck document to upload; the server gives it its id (`user-` and a hash of the document)."""

    kind = fields.String(
        required=True,
        metadata={"enum": ["dated", "ordinal"], "description": "dated (years) or ordinal (positions in a story)."},
    )
    title = fields.Nested(TextsSchema, required=True, metadata={"description": "The deck's title, by language."})
    cards = fields.List(fields.Nested(DeckCardSchema), required=True, metadata={"description": "At least 2."})
    groups = fields.List(
        fields.Nested(DeckGroupSchema),
        metadata={"description": "ordinal decks: the groups (chapters, episodes) in story order."},
    )
    source = fields.String(metadata={"description": "Where the deck's facts come from."})
    provisional = fields.Boolean(metadata={"description": "Whether some facts are unconfirmed."})


class CsvDeckUploadSchema(Schema):
    """A spreadsheet's CSV export carried in JSON, for clients that cannot send a text/csv body."""

    csv = fields.String(
        required=True,
        metadata={
            "description": "The CSV text, one card a row; the first row "
            "names the columns: " + ", ".join(CSV_COLUMNS) + "."
        },
    )
    title = fields.String(validate=validate.Length(1, 120), metadata={"description": "The deck's English title."})
    kind = fields.String(
        validate=validate.OneOf(["dated", "ordinal"]),
        metadata={"description": "dated (a year column) or ordinal (group, position)."},
    )
    public = fields.Boolean(metadata={"description": "List the deck to everybody (as the query's `public`)."})


class DeckSummarySchema(Schema):
    id = fields.String(required=True)
    kind = fields.String(required=True, metadata={"enum": ["dated", "ordinal"]})
    title = fields.Nested(TextsSchema, required=True)
    cards = fields.Integer(required=True)
    languages = fields.List(fields.String(), required=True, metadata={"description": "Languages every card has."})
    themes = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        metadata={
            "description": "How many cards each theme has (what a print spec's or a game's `part` chooses from); "
            "left out for a deck stored before themes were counted."
        },
    )
    builtin = fields.Boolean(required=True)
    public = fields.Boolean(
        required=True,
        metadata={
            "description": "Listed to everybody; an uploaded deck is private (listed only with its token) unless "
            "published."
        },
    )


class UploadedDeckSchema(DeckSummarySchema):
    token = fields.String(
        required=True,
        metadata={
            "description": "Unlocks the deck's full document (with its cards' keys): "
            "`Authorization: Bearer <token>` on GET /v1/decks/{id}."
        },
    )


class DeckListSchema(Schema):
    decks = fields.List(fields.Nested(DeckSummarySchema), required=True)
    next_cursor = fields.Integer(allow_none=True, required=True)


class DeckListQuerySchema(Schema):
    limit = fields.Integer(load_default=50, validate=validate.Range(1, 200))
    cursor = fields.Integer(load_default=0, validate=validate.Range(0, 1_000_000))


class _UploadQuerySchema(Schema):
    title = fields.String(
        load_default="Uploaded deck",
        validate=validate.Length(1, 120),
        metadata={"description": "For CSV: the deck's English title."},
    )
    kind = fields.String(
        load_default="dated",
        validate=validate.OneOf(["dated", "ordinal"]),
        metadata={"description": "For CSV: dated (year column) or ordinal (group, position)."},
    )
    public = fields.Boolean(
        load_default=False,
        metadata={
            "description": "List the deck to everybody in GET /v1/decks; by default only the holder of its token (and "
            "the operator) sees it there. Uploading the same deck again with true publishes it."
        },
    )


# One title a language beside the English `title`, for the cards' title_<lang> columns.
UploadQuerySchema = _UploadQuerySchema.from_dict(
    {
        f"title_{lang}": fields.String(
            validate=validate.Length(1, 120), metadata={"description": f"For CSV: the deck's title in {lang}."}
        )
        for lang in LANGUAGES
        if lang != FALLBACK_LANGUAGE
    },
    name="UploadQuery",
)

UPLOAD_BODY = {
    "required": True,
    "description": "A deck document, or a CSV export in the `csv` member (columns "
    + ", ".join(CSV_COLUMNS)
    + "). The raw CSV may also be sent as the body itself with `Content-Type: text/csv` (and "
    "`title`, `kind` in the query); that form is left out here because client generators "
    "cannot send it.",
    "content": {
        "application/json": {
            "schema": {
                "oneOf": [{"$ref": "#/components/schemas/DeckUpload"}, {"$ref": "#/components/schemas/CsvDeckUpload"}]
            }
        },
    },
}


def query_titles(query: dict) -> dict[str, str]:
    """The CSV deck's title by language, from `title` (English) and `title_<lang>`."""
    return {"en": query["title"], **{lang: query[f"title_{lang}"] for lang in LANGUAGES if f"title_{lang}" in query}}


def csv_document(body: dict, query: dict) -> dict:
    """Read a CSV carried in JSON (`csv`, with `title` and `kind` as in the query).

    :raises Problem: request/invalid for a malformed carrier, deck/invalid for a CSV that is not a deck.
    """
    try:
        carried = CsvDeckUploadSchema().load(body)
    except ValidationError as error:
        raise Problem(
            "request/invalid", "The request does not match the API contract.", errors=error.messages
        ) from None
    query["public"] = carried.get("public", query["public"])
    try:
        titles = {**query_titles(query), "en": carried.get("title", query["title"])}
        return deck_from_csv(carried["csv"], titles, carried.get("kind", query["kind"]))
    except DeckError as error:
        raise Problem("deck/invalid", "The CSV is not a deck.", errors=error.problems) from None


@blp.route("", methods=["POST"])
@limited("decks")
@blp.arguments(UploadQuerySchema, location="query")
@blp.response(201, UploadedDeckSchema, headers=LOCATION)
@blp.alt_response(200, schema=UploadedDeckSchema, description="The same deck was uploaded before.")
@blp.problems(413, 415, 422, 429, 507)
@blp.alt_response(
    503,
    schema=ProblemSchema,
    content_type="application/problem+json",
    headers={"Retry-After": {"schema": {"type": "integer"}}},
    description="`server/busy`: a body of more than 1 MiB found the process reading as many large bodies as it may "
    "at once (nothing stored; send it again after `Retry-After` seconds); or `store/unavailable`: the game store does "
    "not answer.",
)
@blp.doc(requestBody=UPLOAD_BODY)
def upload_deck(query):
    """Validate and store a deck; every problem is reported at once, and a stored deck plays and prints."""
    if request.mimetype == "text/csv":
        try:
            doc = deck_from_csv(body_text(), query_titles(query), query["kind"])
        except DeckError as error:
            raise Problem("deck/invalid", "The CSV is not a deck.", errors=error.problems) from None
        describe = csv_problems
    elif request.mimetype == "application/json":
        try:
            doc = parsed_body()  # parsed once, by the body's checks before the view
        except orjson.JSONDecodeError as error:
            raise not_json(error) from None
        describe = list
        if isinstance(doc, dict) and "csv" in doc:
            doc = csv_document(doc, query)
            describe = csv_problems
    else:
        raise Problem(
            "deck/unsupported_type", "Send a deck with the header `Content-Type: application/json` or `text/csv`."
        )
    try:
        deck, doc = off_the_loop(user_deck, doc)
    except DeckError as error:
        raise Problem(
            "deck/invalid", f"The deck has {len(error.problems)} problem(s).", errors=describe(error.problems)
        ) from None
    created, public = current.decks().save(deck, doc, query["public"])
    token = tokens.deck_token(tokens.server_secret(current.connection()), deck.id, content_hash(doc))
    return (
        {**summary(deck, False, public), "token": token},
        201 if created else 200,
        {"Location": url_for("decks.get_deck", deck_id=deck.id)},
    )


MAX_DECK_TOKENS = 100
DECK_TOKENS_HEADER = {
    "Deck-Tokens": {
        "description": f"Up to {MAX_DECK_TOKENS} deck tokens, comma-separated: those private decks are listed too.",
        "schema": {"type": "string"},
    }
}


def held_decks() -> list[dict]:
    """Return the summaries of the stored decks whose tokens the request's `Deck-Tokens` header holds, in its order.

    :raises Problem: 400 for a header of too many tokens; a token that unlocks nothing is passed over.
    """
    tokens = [token.strip() for token in request.headers.get("Deck-Tokens", "").split(",") if token.strip()]
    if len(tokens) > MAX_DECK_TOKENS or any(len(token) > 200 for token in tokens):
        raise Problem("request/bad_header", f"Deck-Tokens holds at most {MAX_DECK_TOKENS} deck tokens.")
    store = current.decks()
    by_id = {token.partition(".")[0]: token for token in tokens}
    held = []
    for row in store.summaries_of(list(by_id)):
        # The summary keeps the content hash the token is bound to; one stored before that is read whole.
        content = row.get("content") or content_hash(store.load(row["id"]) or {})
        if opens(by_id[row["id"]], row["id"], content):
            held.append(row)
    return held


@blp.route("", methods=["GET"])
@blp.arguments(DeckListQuerySchema, location="query")
@blp.response(200, DeckListSchema)
@blp.problems(400, 401)
@blp.doc(
    security=[{}, {"deckToken": []}],
    parameters=[{"in": "header", "name": "Deck-Tokens", "required": False, **DECK_TOKENS_HEADER["Deck-Tokens"]}],
)
def list_decks(query):
    """List the built-in decks, the private decks whose tokens are sent, then the published ones.

    The operator's bearer token lists every uploaded deck.
    """
    builtin = [summary(deck, True) for deck in builtin_decks().values()]
    store = current.decks()
    operator = tokens.is_operator(current.bearer(), current_app.config["ADMIN_TOKEN"])
    own = [] if operator else held_decks()
    own_ids = {row["id"] for row in own}
    start, limit = query["cursor"], query["limit"]
    head = builtin + own
    rows = head[start : start + limit]
    # One read of the page's summaries: the stored documents are never decoded to list them. A published deck
    # listed among the sender's own is left out of the published part (its page is one shorter).
    stored = (
        store.page(max(0, start - len(head)), limit - len(rows), everyone=not operator) if len(rows) < limit else []
    )
    end = start + len(rows) + len(stored)
    rows += [row for row in stored if row["id"] not in own_ids]
    total = len(head) + store.count(everyone=not operator)
    return {"decks": rows, "next_cursor": end if end < total else None}


class DeckDocumentSchema(DeckUploadSchema):
    """A deck as stored: the format of the built-in deck files."""

    id = fields.String(required=True, metadata={"description": "The deck's id."})
    complete = fields.Boolean(
        metadata={
            "description": "false: each card shows only its face (id, title, theme, colour, image), as during play; "
            "its key (year, group, position) and note are left out."
        }
    )


def unlocks(token: str | None, deck_id: str, doc: dict) -> bool:
    """Whether a bearer token unlocks a deck's full document.

    :raises Problem: 401 for a token that unlocks nothing.
    """
    if token is None:
        return False
    if tokens.is_operator(token, current_app.config["ADMIN_TOKEN"]):
        return True
    if opens(token, deck_id, content_hash(doc)):
        return True
    raise Problem("auth/invalid_token", "This token unlocks no deck; send the token the upload answered with.")


def opens(token: str, deck_id: str, content: str) -> bool:
    """Whether a deck token is the one the upload of that deck (id and content hash) answered with."""
    secret = tokens.server_secret(current.connection())
    # A deck stored under an old 12-digit id keeps the token it was given; no new deck gets such an id.
    if LEGACY_USER_ID.match(deck_id):
        expected = tokens.legacy_deck_token(secret, deck_id)
    else:
        expected = tokens.deck_token(secret, deck_id, content)
    return deck_id.startswith("user-") and tokens.same(token, expected)


@blp.route("/<string:deck_id>", methods=["GET"])
@blp.response(200, DeckDocumentSchema)
@blp.problems(401, 404)
@blp.doc(security=[{}, {"deckToken": []}])
def get_deck(deck_id):
    """Return a deck's cards as players see them; the deck token (or the operator's) unlocks keys and notes."""
    doc = builtin_document(deck_id) or current.decks().load(deck_id)
    if doc is None:
        raise Problem("deck/not_found", f"There is no deck {deck_id!r}.")
    full = unlocks(current.bearer(), deck_id, doc)
    body = {**doc, "complete": True} if full else public_document(doc, tokens.server_secret(current.connection()))
    return Response(
        json.dumps(body),
        mimetype="application/json",
        headers={"Vary": "Authorization", "Cache-Control": "private" if full else "public, max-age=60"},
    )
