"""The print-and-play kit: card faces, sheets, PDFs and card images."""
