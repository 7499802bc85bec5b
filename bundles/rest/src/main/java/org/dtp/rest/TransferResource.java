package org.dtp.rest;

import org.dtp.models.Vertical;
import org.dtp.rest.ApiModel.Details;
import org.dtp.rest.ApiModel.Endpoint;
import org.dtp.rest.ApiModel.FailedItem;
import org.dtp.rest.ApiModel.Listing;
import org.dtp.rest.ApiModel.NotKept;
import org.dtp.rest.ApiModel.Transfer;
import org.dtp.rest.ApiModel.TransferBody;
import org.dtp.rest.ApiModel.TransferSummary;
import org.dtp.spi.TransferEndpoint;
import org.dtp.auth.oauth2.AuthorizationFlows;
import org.dtp.transfer.FieldNotKept;
import org.dtp.transfer.IllegalJobStateException;
import org.dtp.transfer.InvalidTransferException;
import org.dtp.transfer.NoSuchTransferException;
import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferLimitException;
import org.dtp.transfer.TransferRequest;
import org.dtp.transfer.TransferService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsExtensionSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import javax.ws.rs.Consumes;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.SecurityContext;
import javax.ws.rs.core.HttpHeaders;
import javax.ws.rs.core.Response;
import javax.ws.rs.sse.Sse;
import javax.ws.rs.sse.SseEventSink;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static javax.ws.rs.core.MediaType.APPLICATION_JSON;
import static javax.ws.rs.core.MediaType.SERVER_SENT_EVENTS;

/**
 * Transfers: create, list, follow, pause, resume, cancel, and every item error and fidelity entry a page at a time. Status codes: 400 for a body that is not
 * JSON of the expected shape, a missing field or a bad query parameter; 422 for a well-formed request
 * the service refuses (unknown vertical or adapter, unsupported direction, bad settings); 404 for an
 * unknown or malformed id, and for another user's transfer (whose existence is not revealed); 409 for an operation
 * the transfer's state does not allow; 429 when the user reached a limit. Operators see and control every
 * transfer; an end user only their own.
 */
@Component(service = TransferResource.class)
@JaxrsResource
@JaxrsExtensionSelect(ApiAuthenticationFilter.SELECT)
@JSONRequired
@Path("/api/v1/transfers")
@Produces(APPLICATION_JSON)
public final class TransferResource {
    static final int DEFAULT_LIMIT = 50;
    static final int MAX_LIMIT = 500;

    private final TransferService transfers;
    private final SignInClaims signIns;
    private final TransferEventStreams streams;

    @Activate
    public TransferResource(@Reference TransferService transfers, @Reference SignInClaims signIns,
                            @Reference TransferEventStreams streams) {
        this.transfers = transfers;
        this.signIns = signIns;
        this.streams = streams;
    }

    /** A resource with sign-in claims of its own (tests). */
    TransferResource(TransferService transfers, AuthorizationFlows flows, TransferEventStreams streams) {
        this(transfers, new SignInClaims(flows), streams);
    }

    @POST
    @Consumes(APPLICATION_JSON)
    public Response create(@Context SecurityContext security, TransferBody body) {
        ApiCaller caller = ApiCaller.of(security);
        TransferRequest asked = toRequest(body, caller.owner());
        caller.requireMayUse("source", asked.source().provider());
        caller.requireMayUse("destination", asked.destination().provider());
        TransferJob job = signIns.use(caller, asked, request -> {
            try {
                return transfers.start(request);
            } catch (TransferLimitException e) {
                throw ApiProblem.limitReached(e.getMessage());
            } catch (InvalidTransferException e) {
                throw ApiProblem.invalidTransfer(e.getMessage());
            }
        });
        // A path, not an absolute URL: an absolute one would be built from the client's Host header.
        return Response.status(Response.Status.CREATED)
                .header(HttpHeaders.LOCATION, "/api/v1/transfers/" + job.id()).entity(Transfer.of(job)).build();
    }

    @GET
    public Response list(@Context SecurityContext security, @QueryParam("offset") String offset,
                         @QueryParam("limit") String limit) {
        ApiCaller caller = ApiCaller.of(security);
        int from = intParam("offset", offset, 0, 0, Integer.MAX_VALUE);
        int count = intParam("limit", limit, DEFAULT_LIMIT, 1, MAX_LIMIT);
        List<TransferJob> jobs = caller.operator() ? transfers.list(from, count) : transfers.list(caller.name(), from, count);
        List<TransferSummary> page = jobs.stream().map(TransferSummary::of).toList();
        Response.ResponseBuilder response = Response.ok(page);
        if (page.size() == count) {
            response.header("Link", "</api/v1/transfers?offset=" + ((long) from + count) + "&limit=" + count
                    + ">; rel=\"next\"");
        }
        return response.build();
    }

    @GET
    @Path("{id}")
    public Details get(@Context SecurityContext security, @PathParam("id") String id) {
        ApiCaller caller = ApiCaller.of(security);
        UUID uuid = parseId(id);
        return transfers.details(uuid).filter(d -> caller.maySee(d.job())).map(Details::of).orElseThrow(() -> notFound(id));
    }

    /**
     * Every item error of the transfer a page at a time, the latest first, with their total: the transfer's details
     * list only the latest. 404 like {@link #get}, 400 for a bad {@code offset} or {@code limit}.
     */
    @GET
    @Path("{id}/errors")
    public Response errors(@Context SecurityContext security, @PathParam("id") String id, @QueryParam("offset") String offset,
                           @QueryParam("limit") String limit) {
        UUID uuid = visible(ApiCaller.of(security), id);
        int from = intParam("offset", offset, 0, 0, Integer.MAX_VALUE);
        int count = intParam("limit", limit, DEFAULT_LIMIT, 1, MAX_LIMIT);
        return listing(id, "errors", "", transfers.errors(uuid, from, count).map(p -> Listing.of(p, FailedItem::of)));
    }

    /**
     * Every fidelity entry of the transfer a page at a time, of one {@code side} (SOURCE or DESTINATION) or both, in
     * the order they were reported, with their total: the transfer's details list only the first. 404 like
     * {@link #get}, 400 for a bad {@code offset}, {@code limit} or {@code side}.
     */
    @GET
    @Path("{id}/fidelity")
    public Response fidelity(@Context SecurityContext security, @PathParam("id") String id, @QueryParam("offset") String offset,
                             @QueryParam("limit") String limit, @QueryParam("side") String side) {
        UUID uuid = visible(ApiCaller.of(security), id);
        int from = intParam("offset", offset, 0, 0, Integer.MAX_VALUE);
        int count = intParam("limit", limit, DEFAULT_LIMIT, 1, MAX_LIMIT);
        FieldNotKept.Side which = sideParam(side);
        return listing(id, "fidelity", which == null ? "" : "&side=" + which.name(),
                transfers.fidelity(uuid, which, from, count).map(p -> Listing.of(p, NotKept::of)));
    }

    /**
     * What the transfer did with each source item it handled (copied, updated, unchanged or skipped, and where the item
     * is at the destination), a page at a time in the order of the items' keys, with their total. 404 like
     * {@link #get}, 400 for a bad {@code offset} or {@code limit}.
     */
    @GET
    @Path("{id}/items")
    public Response items(@Context SecurityContext security, @PathParam("id") String id, @QueryParam("offset") String offset,
                          @QueryParam("limit") String limit) {
        UUID uuid = visible(ApiCaller.of(security), id);
        int from = intParam("offset", offset, 0, 0, Integer.MAX_VALUE);
        int count = intParam("limit", limit, DEFAULT_LIMIT, 1, MAX_LIMIT);
        return listing(id, "items", "", transfers.items(uuid, from, count).map(p -> Listing.of(p, ApiModel.HandledItem::of)));
    }

    /** The listing with a {@code next} link while entries are left; 404 when the transfer went away meanwhile. */
    private static Response listing(String id, String what, String query, java.util.Optional<? extends Listing<?>> found) {
        Listing<?> page = found.orElseThrow(() -> notFound(id));
        Response.ResponseBuilder response = Response.ok(page);
        long next = (long) page.offset() + page.entries().size();
        if (!page.entries().isEmpty() && next < page.total()) {
            response.header("Link", "</api/v1/transfers/" + id + "/" + what + "?offset=" + next + "&limit=" + page.limit()
                    + query + ">; rel=\"next\"");
        }
        return response.build();
    }

    private static FieldNotKept.Side sideParam(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return FieldNotKept.Side.valueOf(value.trim().toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw ApiProblem.invalidRequest("Query parameter 'side' must be SOURCE or DESTINATION, not '" + value + "'.");
        }
    }

    /** The transfer's id, when the caller may see it; else 404, as if it did not exist. */
    private UUID visible(ApiCaller caller, String id) {
        UUID uuid = parseId(id);
        if (transfers.job(uuid).filter(caller::maySee).isEmpty()) {
            throw notFound(id);
        }
        return uuid;
    }

    /**
     * The transfer's progress, errors and end as server-sent events (see {@link TransferEventStreams}); the stream
     * ends after the {@code end} event. 404 like {@link #get}, 429 when the node has too many streams open.
     */
    @GET
    @Path("{id}/events")
    @Produces(SERVER_SENT_EVENTS)
    public void events(@Context SecurityContext security, @PathParam("id") String id, @Context SseEventSink sink,
                       @Context Sse sse) {
        ApiCaller caller = ApiCaller.of(security);
        UUID uuid = visible(caller, id);
        if (!streams.open(caller.name(), uuid, sink, sse)) {
            throw ApiProblem.limitReached("Too many event streams are open (yours, or this server's); poll GET "
                    + "/api/v1/transfers/" + id + " instead, or try again later.");
        }
    }

    @POST
    @Path("{id}/pause")
    public Transfer pause(@Context SecurityContext security, @PathParam("id") String id) {
        return control(ApiCaller.of(security), id, transfers::pause);
    }

    @POST
    @Path("{id}/resume")
    public Transfer resume(@Context SecurityContext security, @PathParam("id") String id) {
        return control(ApiCaller.of(security), id, transfers::resume);
    }

    @POST
    @Path("{id}/cancel")
    public Transfer cancel(@Context SecurityContext security, @PathParam("id") String id) {
        return control(ApiCaller.of(security), id, transfers::cancel);
    }

    private interface JobOperation {
        TransferJob apply(UUID id) throws NoSuchTransferException, IllegalJobStateException;
    }

    /** Another user's transfer is a 404, as if it did not exist, checked before the operation. */
    private Transfer control(ApiCaller caller, String id, JobOperation operation) {
        UUID uuid = visible(caller, id);
        try {
            return Transfer.of(operation.apply(uuid));
        } catch (NoSuchTransferException e) {
            throw notFound(id);
        } catch (IllegalJobStateException e) {
            throw ApiProblem.illegalState(e.getMessage());
        }
    }

    private static UUID parseId(String id) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw notFound(id);
        }
    }

    private static ApiProblem notFound(String id) {
        return ApiProblem.notFound("There is no transfer with id '" + id + "'.");
    }

    static int intParam(String name, String value, int defaultValue, int min, int max) {
        if (value == null || value.isBlank()) {
            return defaultValue;
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw ApiProblem.invalidRequest("Query parameter '" + name + "' must be an integer from " + min + " to "
                + max + ", not '" + value + "'.");
    }

    /** Checks the body's shape (400) and vertical name (422); the service checks the rest (422). */
    static TransferRequest toRequest(TransferBody body, String owner) {
        if (body == null) {
            throw ApiProblem.invalidRequest("A JSON body is required: {\"vertical\", \"source\", \"destination\"}.");
        }
        List<String> missing = new ArrayList<>();
        if (blank(body.vertical())) {
            missing.add("vertical");
        }
        checkEndpoint("source", body.source(), missing);
        checkEndpoint("destination", body.destination(), missing);
        if (!missing.isEmpty()) {
            throw ApiProblem.invalidRequest("Missing required field(s): " + String.join(", ", missing) + ".");
        }
        Vertical vertical;
        try {
            vertical = Vertical.parse(body.vertical());
        } catch (IllegalArgumentException e) {
            throw ApiProblem.invalidTransfer(e.getMessage());
        }
        try {
            return new TransferRequest(vertical, endpoint(body.source()), endpoint(body.destination()), owner,
                    ApiModel.SelectionBody.toSelection(body.selection()));
        } catch (IllegalArgumentException e) {
            throw ApiProblem.invalidRequest("selection: " + e.getMessage() + ".");
        }
    }

    private static void checkEndpoint(String name, Endpoint endpoint, List<String> missing) {
        if (endpoint == null) {
            missing.add(name);
            return;
        }
        if (blank(endpoint.provider())) {
            missing.add(name + ".provider");
        }
        Map<String, String> settings = endpoint.settings();
        if (settings != null) {
            settings.forEach((key, value) -> {
                if (value == null) {
                    missing.add(name + ".settings." + key);
                }
            });
        }
    }

    private static TransferEndpoint endpoint(Endpoint endpoint) {
        return new TransferEndpoint(endpoint.provider().trim(), endpoint.settings());
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
