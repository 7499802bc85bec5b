package org.dtp.rest;

import org.dtp.transfer.uploads.Upload;
import org.dtp.uploads.FolderUploads;
import org.dtp.uploads.UploadsConfig;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import javax.ws.rs.core.Response;
import java.io.ByteArrayInputStream;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

/** POST, GET and DELETE /api/v1/uploads on the real upload folder: each owner their own, operators everyone's. */
public class UploadResourceTest {
    @Rule
    public TemporaryFolder tmp = new TemporaryFolder();

    private FolderUploads service;
    private UploadResource uploads;

    @Before
    public void setUp() throws Exception {
        Map<String, Object> settings = Map.of("folder", tmp.getRoot().getAbsolutePath(), "maxUploadBytes", 1000L,
                "minFreeBytes", 0L);
        UploadsConfig config = (UploadsConfig) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[]{UploadsConfig.class}, (proxy, method, args) -> settings.containsKey(method.getName())
                        ? settings.get(method.getName()) : method.getDefaultValue());
        service = new FolderUploads(config);
        uploads = new UploadResource(service);
    }

    @Test
    public void anUploadIsCreatedAndOnlyItsOwnerOrAnOperatorSeesOrDeletesIt() throws Exception {
        byte[] bytes = "zip bytes".getBytes();
        Response created = uploads.upload(Callers.ANN, "takeout-001.zip", Integer.toString(bytes.length),
                new ByteArrayInputStream(bytes));
        assertEquals(201, created.getStatus());
        Upload upload = (Upload) created.getEntity();
        assertEquals("/api/v1/uploads/" + upload.id(), created.getLocation().toString());
        assertEquals("ann", upload.owner());
        assertArrayEquals(bytes, Files.readAllBytes(service.file("ann", upload.id()).orElseThrow()));

        assertEquals(List.of(upload), uploads.list(Callers.ANN));
        assertEquals(List.of(), uploads.list(Callers.BOB));
        assertEquals(List.of(upload), uploads.list(Callers.OPERATOR));
        assertEquals(404, assertThrows(ApiProblem.class, () -> uploads.get(Callers.BOB, upload.id())).getResponse().getStatus());
        assertEquals(404, assertThrows(ApiProblem.class, () -> uploads.delete(Callers.BOB, upload.id())).getResponse().getStatus());
        assertEquals(upload, uploads.get(Callers.OPERATOR, upload.id()));
        assertEquals(204, uploads.delete(Callers.ANN, upload.id()).getStatus());
        assertEquals(404, assertThrows(ApiProblem.class, () -> uploads.get(Callers.ANN, upload.id())).getResponse().getStatus());
    }

    @Test
    public void refusedUploadsAnswerAProblemThatSaysWhy() {
        ApiProblem badName = assertThrows(ApiProblem.class, () -> uploads.upload(Callers.ANN, "photo.jpg", "3",
                new ByteArrayInputStream(new byte[3])));
        assertEquals(400, badName.getResponse().getStatus());
        assertEquals(Problem.INVALID_REQUEST, badName.problem().type());
        ApiProblem tooLarge = assertThrows(ApiProblem.class, () -> uploads.upload(Callers.ANN, "a.zip", "1001",
                new ByteArrayInputStream(new byte[0])));
        assertEquals(413, tooLarge.getResponse().getStatus());
        ApiProblem cut = assertThrows(ApiProblem.class, () -> uploads.upload(Callers.ANN, "a.zip", "10",
                new ByteArrayInputStream(new byte[4])));
        assertEquals(400, cut.getResponse().getStatus());
        ApiProblem length = assertThrows(ApiProblem.class, () -> uploads.upload(Callers.ANN, "a.zip", "ten",
                new ByteArrayInputStream(new byte[4])));
        assertEquals(400, length.getResponse().getStatus());
        assertEquals(List.of(), uploads.list(Callers.ANN));
    }

    @Test
    public void withoutTheUploadsBundleTheApiSaysSo() {
        ApiProblem none = assertThrows(ApiProblem.class, () -> new UploadResource().list(Callers.ANN));
        assertEquals(404, none.getResponse().getStatus());
        assertEquals(true, none.problem().detail().contains("dtp-uploads"));
    }
}
