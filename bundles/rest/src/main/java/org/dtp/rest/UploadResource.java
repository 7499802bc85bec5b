package org.dtp.rest;

import org.dtp.transfer.uploads.Upload;
import org.dtp.transfer.uploads.UploadRefusedException;
import org.dtp.transfer.uploads.UploadService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsExtensionSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import javax.ws.rs.Consumes;
import javax.ws.rs.DELETE;
import javax.ws.rs.GET;
import javax.ws.rs.HeaderParam;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.QueryParam;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.HttpHeaders;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import javax.ws.rs.core.SecurityContext;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.List;

import static javax.ws.rs.core.MediaType.APPLICATION_JSON;

/**
 * Files people upload for their transfers to read (an export archive, or each part of one): the body is the file
 * itself, streamed to the server's upload folder; a transfer then names it by id ({@code upload} setting of the
 * archives source). Each person sees and deletes their own uploads; an operator everyone's. Another owner's upload is
 * 404, as if it did not exist. The operator's limits (size, uploads and bytes per person, retention) are
 * {@code org.dtp.uploads}; the API's 1 MiB body limit does not apply here.
 */
@Component(service = UploadResource.class)
@JaxrsResource
@JaxrsExtensionSelect(ApiAuthenticationFilter.SELECT)
@JSONRequired
@Path("/api/v1/uploads")
@Produces(APPLICATION_JSON)
public final class UploadResource {
    /** The path the API's body limit leaves out: the upload service bounds what it takes by its own limits. */
    static final String PATH = "api/v1/uploads";

    /**
     * Optional and dynamic, so that this resource joins the API with the others when it starts: a resource that
     * arrived later, once the uploads bundle was up, made the JAX-RS whiteboard rebuild the whole application while
     * clients were already using it (brief 404s on every path).
     */
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile UploadService uploads;

    @Activate
    public UploadResource() {
    }

    UploadResource(UploadService uploads) {
        this.uploads = uploads;
    }

    private UploadService uploads() {
        UploadService service = uploads;
        if (service == null) {
            throw ApiProblem.notFound("This server keeps no uploads (its feature dtp-uploads is not installed).");
        }
        return service;
    }

    /** Stores the body as an upload named {@code name}: 201 with the upload (its id, size and SHA-256). */
    @POST
    @Consumes(MediaType.WILDCARD)
    public Response upload(@Context SecurityContext security, @QueryParam("name") String name,
                           @HeaderParam(HttpHeaders.CONTENT_LENGTH) String length, InputStream body) throws IOException {
        ApiCaller caller = ApiCaller.of(security);
        long declared = declaredLength(length);
        try {
            Upload upload = uploads().store(caller.owner(), name, body, declared);
            return Response.created(URI.create("/" + PATH + "/" + upload.id())).entity(upload).build();
        } catch (UploadRefusedException e) {
            throw refused(e);
        }
    }

    /** The caller's uploads (an operator's: everyone's), newest first. */
    @GET
    public List<Upload> list(@Context SecurityContext security) {
        ApiCaller caller = ApiCaller.of(security);
        return uploads().list(caller.operator() ? null : caller.owner());
    }

    @GET
    @Path("{id}")
    public Upload get(@Context SecurityContext security, @PathParam("id") String id) {
        ApiCaller caller = ApiCaller.of(security);
        return uploads().find(caller.operator() ? null : caller.owner(), id).orElseThrow(() -> notFound(id));
    }

    /** Deletes the upload: 204. A transfer still reading it fails, saying it is gone. */
    @DELETE
    @Path("{id}")
    public Response delete(@Context SecurityContext security, @PathParam("id") String id) throws IOException {
        ApiCaller caller = ApiCaller.of(security);
        if (!uploads().delete(caller.operator() ? null : caller.owner(), id)) {
            throw notFound(id);
        }
        return Response.noContent().build();
    }

    private static long declaredLength(String header) {
        if (header == null || header.isBlank()) {
            return -1;
        }
        try {
            return Long.parseLong(header.trim());
        } catch (NumberFormatException e) {
            throw ApiProblem.invalidRequest("Content-Length must be a number of bytes, not '" + header + "'.");
        }
    }

    private static ApiProblem refused(UploadRefusedException e) {
        return switch (e.reason()) {
            case BAD_NAME -> ApiProblem.invalidRequest("The upload is refused: " + e.getMessage() + ".");
            case INCOMPLETE -> ApiProblem.malformedBody("The upload is refused: " + e.getMessage() + ".");
            case TOO_LARGE, OWNER_LIMIT -> ApiProblem.uploadTooLarge("The upload is refused: " + e.getMessage() + ".");
            case NO_SPACE -> ApiProblem.insufficientStorage("The upload is refused: " + e.getMessage() + "; try again later.");
        };
    }

    private static ApiProblem notFound(String id) {
        return ApiProblem.notFound("There is no upload with id '" + id + "'.");
    }
}
