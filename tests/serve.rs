//! `snapsolve serve` against bad requests: each gets a status and a
//! sentence, and the server goes on answering good ones.

use std::io::{Read, Write};
use std::net::TcpStream;

use crate::support::serve;

/// Sends a request; the status and the body.
fn send(port: u16, head: &str, body: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let request = format!("{head}\r\nHost: 127.0.0.1\r\nContent-Length: {}\r\nConnection: close\r\n\r\n", body.len());
    stream.write_all(request.as_bytes()).unwrap();
    // The server may answer (413) before the whole body is read.
    let _ = stream.write_all(body);
    let mut response = Vec::new();
    let _ = stream.read_to_end(&mut response);
    let text = String::from_utf8_lossy(&response).into_owned();
    let status = text.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, text.split_once("\r\n\r\n").map(|(_, b)| b.to_string()).unwrap_or_default())
}

/// A multipart form of `(name, file name, bytes)` fields.
fn form(fields: &[(&str, Option<&str>, &[u8])]) -> (String, Vec<u8>) {
    let boundary = "test-boundary-1234";
    let mut body = Vec::new();
    for (name, file, bytes) in fields {
        let file = file.map(|f| format!("; filename=\"{f}\"")).unwrap_or_default();
        body.extend(format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"{file}\r\n\r\n").bytes());
        body.extend_from_slice(bytes);
        body.extend(b"\r\n");
    }
    body.extend(format!("--{boundary}--\r\n").bytes());
    (format!("POST /solve HTTP/1.1\r\nContent-Type: multipart/form-data; boundary={boundary}"), body)
}

fn message(body: &str) -> String {
    let json: serde_json::Value = serde_json::from_str(body).unwrap_or_else(|_| panic!("JSON: {body}"));
    assert_eq!(json["status"], "error", "{body}");
    json["message"].as_str().unwrap().to_string()
}

#[test]
fn bad_requests_get_sentences_and_the_server_keeps_serving() {
    let (_server, _, port) = serve();
    let (status, page) = send(port, "GET / HTTP/1.1", b"");
    assert_eq!(status, 200);
    assert!(page.contains("name=\"viewport\"") && page.contains("accept=\"image/*\""));

    // Not a form.
    let (status, body) = send(port, "POST /solve HTTP/1.1\r\nContent-Type: text/plain", b"hello");
    assert_eq!(status, 400, "{body}");
    // A form with no picture.
    let (head, body) = form(&[("game", None, b"water")]);
    let (status, body) = send(port, &head, &body);
    assert_eq!((status, message(&body).contains("no picture")), (400, true), "{body}");
    // An override that is no choice.
    let (head, body) = form(&[("picture", Some("a.png"), b"x"), ("game", None, b"chess")]);
    let (status, body) = send(port, &head, &body);
    assert_eq!(status, 400);
    assert!(message(&body).contains("`chess` is not one of auto, water, squares"), "{body}");
    // Too large: refused with its size.
    let big = vec![0u8; 21 << 20];
    let (head, body) = form(&[("picture", Some("big.png"), &big)]);
    let (status, body) = send(port, &head, &body);
    assert_eq!(status, 413, "{body}");
    assert!(message(&body).contains("larger than 20 MiB"), "{body}");
    // A name with a path in it is only a label: nothing is read from it.
    let (head, body) = form(&[("picture", Some("../../etc/passwd"), b"\x89PNG garbage")]);
    let (status, body) = send(port, &head, &body);
    assert_eq!(status, 422, "{body}");
    let said = message(&body);
    assert!(said.contains("passwd") && !said.contains("root:"), "{said}");

    // Still serving: a real screenshot is solved.
    let shot = std::fs::read("samples/lvl105.jpg").unwrap();
    let (head, body) = form(&[("picture", Some("lvl105.jpg"), &shot), ("game", None, b"auto")]);
    let (status, body) = send(port, &head, &body);
    assert_eq!(status, 200);
    let json: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(json["status"], "solved");
    assert_eq!(json["moves"].as_array().unwrap().len(), 41);
    assert_eq!(json["tubes"].as_array().unwrap().len(), 14);
}
