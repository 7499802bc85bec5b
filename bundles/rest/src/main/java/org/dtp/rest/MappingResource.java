package org.dtp.rest;

import org.dtp.rest.ApiModel.Listing;
import org.dtp.rest.ApiModel.MappedItem;
import org.dtp.rest.ApiModel.Mapping;
import org.dtp.transfer.MappingScope;
import org.dtp.transfer.MappingService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsExtensionSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import javax.ws.rs.DELETE;
import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;
import java.util.List;

import static javax.ws.rs.core.MediaType.APPLICATION_JSON;

/**
 * What the caller's transfers remember between accounts, so that a re-run copies only what is new or changed: the
 * mappings listed, one exported a page at a time, and deleted (the next transfer between those accounts then copies
 * everything again). An end user sees and deletes their own; an operator every owner's. Another owner's mapping
 * is 404, as if it did not exist.
 */
@Component(service = MappingResource.class)
@JaxrsResource
@JaxrsExtensionSelect(ApiAuthenticationFilter.SELECT)
@JSONRequired
@Path("/api/v1/mappings")
@Produces(APPLICATION_JSON)
public final class MappingResource {
    private final MappingService mappings;

    @Activate
    public MappingResource(@Reference MappingService mappings) {
        this.mappings = mappings;
    }

    /** The caller's mappings (an operator's: every owner's), most recently used first, with their sizes. */
    @GET
    public List<Mapping> list(@Context SecurityContext security) {
        ApiCaller caller = ApiCaller.of(security);
        return mappings.scopes(caller.operator() ? null : caller.owner()).stream().map(Mapping::of).toList();
    }

    /** The mapping's entries (source key, destination id, fingerprint, when, by which transfer), a page at a time. */
    @GET
    @Path("{id}")
    public Response export(@Context SecurityContext security, @PathParam("id") String id,
                           @QueryParam("offset") String offset, @QueryParam("limit") String limit) {
        visible(ApiCaller.of(security), id);
        int from = TransferResource.intParam("offset", offset, 0, 0, Integer.MAX_VALUE);
        int count = TransferResource.intParam("limit", limit, TransferResource.DEFAULT_LIMIT, 1, TransferResource.MAX_LIMIT);
        Listing<MappedItem> page = mappings.entries(id, from, count).map(p -> Listing.of(p, MappedItem::of))
                .orElseThrow(() -> notFound(id));
        Response.ResponseBuilder response = Response.ok(page);
        long next = (long) page.offset() + page.entries().size();
        if (!page.entries().isEmpty() && next < page.total()) {
            response.header("Link", "</api/v1/mappings/" + id + "?offset=" + next + "&limit=" + page.limit()
                    + ">; rel=\"next\"");
        }
        return response.build();
    }

    /** Deletes the mapping: 204; nothing at either side changes. */
    @DELETE
    @Path("{id}")
    public Response delete(@Context SecurityContext security, @PathParam("id") String id) {
        visible(ApiCaller.of(security), id);
        if (!mappings.delete(id)) {
            throw notFound(id);
        }
        return Response.noContent().build();
    }

    private MappingScope visible(ApiCaller caller, String id) {
        return mappings.scope(id).filter(scope -> caller.operator() || scope.owner().equals(caller.owner()))
                .orElseThrow(() -> notFound(id));
    }

    private static ApiProblem notFound(String id) {
        return ApiProblem.notFound("There is no mapping with id '" + id + "'.");
    }
}
